import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import type { DimensionSettings as DimensionSettingsBody } from '@ff/contract';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDimensionSettings, useSaveDimensionSettings } from '../api/dimension-settings';
import {
  DIMENSION_TEXTS,
  isChanged,
  newRule,
  toDimensionBody,
  toDimensionFormValues,
  unplacedErrors,
  validateDimensionForm,
  type DimensionFormValues,
} from './dimension-form';
import { DimensionRuleFields } from './dimension-rule-fields';

/** The Settings page's Dimensions tab (issue 25): loads the saved rules, then the form. */
export function DimensionSettings() {
  const settings = useDimensionSettings();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={720} pos="relative" mih={160}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {DIMENSION_TEXTS.help}
        </Text>
        <PageLoadingOverlay visible={settings.isLoading} />
        {settings.isError && <ErrorAlert error={settings.error} />}
        {settings.data && <DimensionForm saved={settings.data} />}
      </Stack>
    </Paper>
  );
}

function DimensionForm({ saved }: { saved: DimensionSettingsBody }) {
  const save = useSaveDimensionSettings();
  const form = useForm<DimensionFormValues>({
    initialValues: toDimensionFormValues(saved),
    validate: validateDimensionForm,
  });
  const changed = isChanged(form.values, saved);
  const general = unplacedErrors(form.errors);
  const adding = newRule(form.values);

  const submit = form.onSubmit((values) =>
    save.mutate(toDimensionBody(values), {
      onSuccess: (answer) => {
        form.setValues(toDimensionFormValues(answer.data));
        form.resetDirty();
        notifySuccess({ message: answer.message || DIMENSION_TEXTS.saved });
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        notifyError({ message: errorMessage(error, DIMENSION_TEXTS.saveFailed) });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={DIMENSION_TEXTS.title}>
      <Stack gap="md">
        {general.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            <List size="sm">
              {general.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {form.values.rules.length === 0 && <Text size="sm">{DIMENSION_TEXTS.none}</Text>}
        {form.values.rules.map((rule, index) => (
          <DimensionRuleFields key={rule.key} form={form} index={index} disabled={save.isPending} />
        ))}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={!adding || save.isPending}
            onClick={() => adding && form.insertListItem('rules', adding)}
          >
            Add dimension rule
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
