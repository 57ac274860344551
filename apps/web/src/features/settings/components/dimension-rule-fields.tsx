import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  DIMENSION_FIELD_CHOICES,
  DIMENSION_TEXTS,
  fieldLabel,
  newCodeRow,
  unusedDimensions,
  type DimensionFormValues,
} from './dimension-form';

export type DimensionRuleFieldsProps = {
  form: UseFormReturnType<DimensionFormValues>;
  index: number;
  disabled: boolean;
};

/** Lines the remove button up with the inputs beneath their labels. */
const ROW_LABEL_HEIGHT = 25;
const FIELD_DATA = [...DIMENSION_FIELD_CHOICES, { value: 'none', label: DIMENSION_TEXTS.noField }];

/** One dimension's rule: its dimension, the record field it reads, "value -> code" rows and the default code. */
export function DimensionRuleFields({ form, index, disabled }: DimensionRuleFieldsProps) {
  const path = `rules.${index}`;
  const rule = form.values.rules[index]!;
  const dimensions = [Number(rule.dimension), ...unusedDimensions(form.values)]
    .sort((a, b) => a - b)
    .map((d) => ({ value: String(d), label: `Dimension ${d}` }));
  const valueLabel = fieldLabel(rule.field);
  const listError = form.errors[`${path}.codes`];

  return (
    <Fieldset legend={`Dimension ${rule.dimension}`} disabled={disabled} miw={0}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Dimension"
            data={dimensions}
            allowDeselect={false}
            {...form.getInputProps(`${path}.dimension`)}
          />
          <Select
            label="Chosen by"
            data={FIELD_DATA}
            allowDeselect={false}
            {...form.getInputProps(`${path}.field`)}
          />
        </SimpleGrid>
        {rule.field !== 'none' && (
          <Stack gap="xs">
            {rule.codes.map((row, j) => (
              <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  label={valueLabel}
                  flex={1}
                  miw={0}
                  autoComplete="off"
                  {...form.getInputProps(`${path}.codes.${j}.value`)}
                />
                <TextInput
                  label="Code"
                  w="34%"
                  miw={0}
                  autoComplete="off"
                  {...form.getInputProps(`${path}.codes.${j}.code`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={36}
                  mt={ROW_LABEL_HEIGHT}
                  aria-label={`Remove ${row.value.trim() || `${valueLabel.toLowerCase()} ${j + 1}`}`}
                  onClick={() => form.removeListItem(`${path}.codes`, j)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            {listError && (
              <Text size="sm" c="red" role="alert">
                {listError}
              </Text>
            )}
            <Group>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem(`${path}.codes`, newCodeRow())}
              >
                Add {valueLabel.toLowerCase()}
              </Button>
            </Group>
          </Stack>
        )}
        <TextInput
          label="Default code"
          description={
            rule.field === 'none'
              ? 'Every record takes this code; leave blank for none.'
              : `For a ${valueLabel.toLowerCase()} not listed; leave blank for none.`
          }
          autoComplete="off"
          maw={320}
          {...form.getInputProps(`${path}.defaultCode`)}
        />
        <Group>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => form.removeListItem('rules', index)}
          >
            Remove dimension {rule.dimension} rule
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
