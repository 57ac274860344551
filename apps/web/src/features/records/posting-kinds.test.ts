import { describe, expect, it } from 'vitest';
import { RECORD_KIND_NAMES, recordScreens } from '@ff/contract/plain';
import { loadPostingKinds, screenFileOf } from './posting-kinds';

describe('the record kinds’ screen files', { timeout: 30_000 }, () => {
  it('names a kind’s file in kebab case', () => {
    expect(screenFileOf('fuelAdvance')).toBe('./kinds/fuel-advance.tsx');
    expect(screenFileOf('salesInvoice')).toBe('./kinds/sales-invoice.tsx');
  });

  it.each(RECORD_KIND_NAMES)(
    'finds the screen of %s, for that kind, with columns and a table name',
    async (name) => {
      const [kind] = await loadPostingKinds([name]);
      expect(kind?.name).toBe(name);
      expect(kind?.columns.length).toBeGreaterThan(0);
      expect(kind?.tableLabel).toBeTruthy();
    },
  );

  it('gives every kind of a screen with several its own tab value', async () => {
    for (const screen of recordScreens().filter((s) => s.kinds.length > 1)) {
      const kinds = await loadPostingKinds(screen.kinds);
      const tabs = kinds.map((kind) => kind.tabValue);
      expect(tabs.every(Boolean)).toBe(true);
      expect(new Set(tabs).size).toBe(tabs.length);
    }
  });
});
