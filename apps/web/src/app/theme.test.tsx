import { PasswordInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '@/test/render';

describe("the app's theme", () => {
  it("makes a password field's show/hide button a keyboard stop with a name (issue 26, item 16)", () => {
    renderWithMantine(<PasswordInput label="Password" />);
    const toggle = screen.getByRole('button', { name: 'Toggle password visibility' });
    expect(toggle.tabIndex).toBe(0);
  });
});
