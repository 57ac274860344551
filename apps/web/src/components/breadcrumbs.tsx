import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';

export type BreadcrumbItem = {
  title: string;
  /** A route to link to; the last item is the current page and never links. */
  to?: string;
};

/** The root of every trail is the finance area. */
export const BREADCRUMB_ROOT: BreadcrumbItem = { title: 'Finance', to: '/' };

export type BreadcrumbsProps = {
  /** The items after the root, e.g. `[{ title: 'Invoices' }, { title: 'Sales Invoices' }]`. */
  items: BreadcrumbItem[];
};

export function Breadcrumbs({ items }: BreadcrumbsProps) {
  const trail = [BREADCRUMB_ROOT, ...items];
  return (
    <nav aria-label="Breadcrumb">
      <MantineBreadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6}>
        {trail.map((item, index) => {
          const current = index === trail.length - 1;
          if (current) {
            return (
              <Text key={item.title} size="sm" fw={600} aria-current="page">
                {item.title}
              </Text>
            );
          }
          return item.to ? (
            <Anchor key={item.title} component={Link} to={item.to} size="sm" c="dimmed">
              {item.title}
            </Anchor>
          ) : (
            <Text key={item.title} size="sm" c="dimmed">
              {item.title}
            </Text>
          );
        })}
      </MantineBreadcrumbs>
    </nav>
  );
}
