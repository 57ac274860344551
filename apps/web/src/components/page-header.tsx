import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { Breadcrumbs, type BreadcrumbItem } from './breadcrumbs';

export type PageHeaderProps = {
  /** Breadcrumb items after the 'Finance' root; the last one names the page. */
  items: BreadcrumbItem[];
  /** The heading; defaults to the last breadcrumb. */
  title?: string;
  /** Shown on the right of the heading. */
  actions?: ReactNode;
};

/** Breadcrumbs plus the page's h1. */
export function PageHeader({ items, title, actions }: PageHeaderProps) {
  return (
    <Stack gap={4}>
      <Breadcrumbs items={items} />
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {title ?? items.at(-1)?.title}
        </Title>
        {actions}
      </Group>
    </Stack>
  );
}
