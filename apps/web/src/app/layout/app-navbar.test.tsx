import { AppShell } from '@mantine/core';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '@/test/render';
import { AppNavbar } from './app-navbar';

function renderNavbar(collapsed: boolean) {
  return renderWithMantine(
    <MemoryRouter>
      <AppShell
        navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: collapsed, desktop: collapsed } }}
      >
        <AppNavbar onNavigate={() => undefined} collapsed={collapsed} />
      </AppShell>
    </MemoryRouter>,
  );
}

describe('AppNavbar', () => {
  it('is inert while collapsed, so its hidden links take no keyboard focus', () => {
    renderNavbar(true);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav.hasAttribute('inert')).toBe(true);
  });

  it('is reachable while shown', () => {
    renderNavbar(false);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav.hasAttribute('inert')).toBe(false);
    expect(screen.getByRole('link', { name: 'Sales Invoices' }).getAttribute('href')).toBe('/invoices/sales');
  });
});
