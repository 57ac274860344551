import { lazy, Suspense, useId, useState } from 'react';
import { Center, Collapse, Group, Loader, Paper, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown } from '@tabler/icons-react';
import type { DateFilterProps } from './date-filter';
import classes from './filters-panel.module.css';

/**
 * The panel starts closed, so the date pickers (@mantine/dates, its stylesheet and the calendar's popover
 * and modal code) download when it is first opened, or when the pointer or focus reaches its toggle.
 */
const loadDateFilter = () => import('./date-filter');
const DateFilter = lazy(async () => ({ default: (await loadDateFilter()).DateFilter }));
const preloadDateFilter = () => void loadDateFilter();

export type FiltersPanelProps = DateFilterProps & {
  /** Open on first render; by default open when `initialValue` holds a date (the list is filtered), else closed. */
  defaultOpened?: boolean;
};

/** The collapsible 'Filters' panel with From Date, To Date and Filter. */
export function FiltersPanel({ defaultOpened, ...filterProps }: FiltersPanelProps) {
  const { initialValue } = filterProps;
  const [opened, { toggle }] = useDisclosure(
    defaultOpened ?? Boolean(initialValue?.fromDate || initialValue?.toDate),
  );
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  const bodyId = useId();
  return (
    <Paper withBorder radius="md">
      <UnstyledButton
        className={classes.toggle}
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={bodyId}
        onPointerEnter={preloadDateFilter}
        onFocus={preloadDateFilter}
      >
        <Group gap="xs">
          <IconAdjustmentsHorizontal size={18} aria-hidden />
          <Text fw={600} size="sm">
            Filters
          </Text>
        </Group>
        <IconChevronDown
          size={16}
          aria-hidden
          className={classes.chevron}
          data-opened={opened || undefined}
        />
      </UnstyledButton>
      <Collapse expanded={opened} id={bodyId}>
        <div className={classes.body}>
          {wanted && (
            <Suspense
              fallback={
                <Center mih={60}>
                  <Loader size="sm" color="yellow" aria-label="Loading the date filter" />
                </Center>
              }
            >
              {/* A new range from outside (Back, a shared link) shows in the inputs. */}
              <DateFilter
                key={`${filterProps.initialValue?.fromDate ?? ''}|${filterProps.initialValue?.toDate ?? ''}`}
                {...filterProps}
              />
            </Suspense>
          )}
        </div>
      </Collapse>
    </Paper>
  );
}
