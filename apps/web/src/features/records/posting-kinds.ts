import type { RecordKindName } from '@ff/contract/plain';
import type { AnyPostingKind } from '@/features/records/posting/posting-kind';

/**
 * Every kind's screen file, found by name: kinds/<kind-name>.tsx (the registry key in kebab case) exports
 * its `PostingKind` as default. Each file is loaded when its screen is first opened, so each screen stays
 * its own chunk and the sign-in pages download none of them.
 */
const screenFiles = import.meta.glob<AnyPostingKind>(['./kinds/*.tsx', '!./kinds/*.test.tsx'], {
  import: 'default',
});

/** 'fuelAdvance' -> './kinds/fuel-advance.tsx'. */
export const screenFileOf = (kind: RecordKindName) =>
  `./kinds/${kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.tsx`;

/** Loads the screen files of one screen's kinds, in the order given. */
export function loadPostingKinds(kinds: readonly RecordKindName[]): Promise<AnyPostingKind[]> {
  return Promise.all(
    kinds.map(async (kind) => {
      const load = screenFiles[screenFileOf(kind)];
      if (!load) throw new Error(`The record kind '${kind}' has no screen: add ${screenFileOf(kind)}.`);
      return load();
    }),
  );
}
