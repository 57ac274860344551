import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { serverTimeZone, setServerTimeZone } from '../server-time';
import { getCurrentUser } from './current-user';

const user = { id: 7, name: 'Ada', email: 'ada@example.com', role: 'Clerk', permissions: [] };

let restore = () => {};
afterEach(() => {
  restore();
  setServerTimeZone(null);
});

describe('the session probe', () => {
  it("records the server's time zone, in which the SPA reads every server date-time", async () => {
    restore = fakeApi(() => [200, { authenticated: true, user, timeZone: 'Africa/Nairobi' }]).restore;
    expect(await getCurrentUser()).toEqual(user);
    expect(serverTimeZone()).toBe('Africa/Nairobi');
  });

  it("keeps the browser's own zone when the server names none", async () => {
    restore = fakeApi(() => [200, { authenticated: true, user }]).restore;
    expect(await getCurrentUser()).toEqual(user);
    expect(serverTimeZone()).toBeNull();
  });
});
