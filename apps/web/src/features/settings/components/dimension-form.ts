import {
  DIMENSION_FIELD_LABELS,
  DIMENSION_FIELDS,
  DIMENSIONS,
  RULE_CODE_MAX,
  type DimensionField,
} from '@ff/contract/plain';
import type { DimensionRule, DimensionSettings } from '@ff/contract';

/** Settings > Dimensions (issue 25): the form's values and rules, from the contract's zod-free constants. */
export const DIMENSION_FIELD_CHOICES: { value: DimensionField; label: string }[] = DIMENSION_FIELDS.map(
  (field) => ({
    value: field,
    label: DIMENSION_FIELD_LABELS[field].charAt(0).toUpperCase() + DIMENSION_FIELD_LABELS[field].slice(1),
  }),
);
export { DIMENSIONS };
/** SAP's FactorCode: up to 8 characters (the contract's limit). */
export const CODE_MAX = RULE_CODE_MAX;
const VALUE_MAX = 200;

export const DIMENSION_TEXTS = {
  title: 'Dimensions (cost centres)',
  help: "Each line posted to SAP carries the distribution rule each dimension gives its record: the code listed for the record's truck number or route, else the default. Codes must exist and be active in SAP's dimension; a record whose code SAP would refuse is not posted.",
  none: 'No dimension rules: documents are posted without distribution rules.',
  noField: 'None (default code only)',
  saved: 'Dimensions saved.',
  saveFailed: 'The dimensions could not be saved. Please try again.',
  codeRequired: 'A distribution rule code is required.',
  codeTooLong: `A distribution rule code is at most ${CODE_MAX} characters (SAP's FactorCode).`,
  valueRequired: 'A value is required.',
  valueTooLong: `A value is at most ${VALUE_MAX} characters.`,
  valueTwice: 'This value is listed twice.',
} as const;

export type FieldChoice = DimensionField | 'none';
export interface CodeRowValues {
  key: string;
  value: string;
  code: string;
}
export interface RuleValues {
  key: string;
  /** '1' .. '5' (a Select's value). */
  dimension: string;
  field: FieldChoice;
  codes: CodeRowValues[];
  defaultCode: string;
}
export interface DimensionFormValues {
  rules: RuleValues[];
}

let nextKey = 0;
/** A React key for a new rule or row (never sent). */
export const newKey = () => `k${(nextKey += 1)}`;

export const fieldLabel = (field: FieldChoice) =>
  DIMENSION_FIELD_CHOICES.find((c) => c.value === field)?.label ?? 'Value';

export const newCodeRow = (): CodeRowValues => ({ key: newKey(), value: '', code: '' });

export function toDimensionFormValues(settings: DimensionSettings): DimensionFormValues {
  return {
    rules: settings.rules.map((rule) => ({
      key: newKey(),
      dimension: String(rule.dimension),
      field: rule.field ?? 'none',
      codes: rule.codes.map((c) => ({ key: newKey(), value: c.value, code: c.code })),
      defaultCode: rule.defaultCode ?? '',
    })),
  };
}

/** The dimensions no rule uses yet, lowest first. */
export const unusedDimensions = (values: DimensionFormValues) =>
  DIMENSIONS.filter((d) => !values.rules.some((r) => r.dimension === String(d)));

/** A new rule for the lowest unused dimension (undefined: all five have one). */
export function newRule(values: DimensionFormValues): RuleValues | undefined {
  const dimension = unusedDimensions(values)[0];
  if (dimension === undefined) return undefined;
  return {
    key: newKey(),
    dimension: String(dimension),
    field: 'route',
    codes: [newCodeRow()],
    defaultCode: '',
  };
}

/** The PUT body: values trimmed, codes kept as typed; a rule without a field sends no list. */
export function toDimensionBody(values: DimensionFormValues): DimensionSettings {
  return {
    rules: values.rules.map((rule): DimensionRule => ({
      dimension: Number(rule.dimension),
      field: rule.field === 'none' ? null : rule.field,
      codes:
        rule.field === 'none' ? [] : rule.codes.map((c) => ({ value: c.value.trim(), code: c.code.trim() })),
      defaultCode: rule.defaultCode.trim() === '' ? null : rule.defaultCode.trim(),
    })),
  };
}

function codeError(code: string, required: boolean): string | undefined {
  const trimmed = code.trim();
  if (trimmed === '') return required ? DIMENSION_TEXTS.codeRequired : undefined;
  return trimmed.length > CODE_MAX ? DIMENSION_TEXTS.codeTooLong : undefined;
}

/** The contract's limits, checked before sending (the server checks them again). Keys are the form's paths. */
export function validateDimensionForm(values: DimensionFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  values.rules.forEach((rule, i) => {
    const defaultError = codeError(rule.defaultCode, false);
    if (defaultError) errors[`rules.${i}.defaultCode`] = defaultError;
    if (rule.field === 'none') return;
    const seen = new Set<string>();
    rule.codes.forEach((row, j) => {
      const value = row.value.trim();
      const wanted = value.toLowerCase();
      if (value === '') errors[`rules.${i}.codes.${j}.value`] = DIMENSION_TEXTS.valueRequired;
      else if (value.length > VALUE_MAX) errors[`rules.${i}.codes.${j}.value`] = DIMENSION_TEXTS.valueTooLong;
      else if (seen.has(wanted)) errors[`rules.${i}.codes.${j}.value`] = DIMENSION_TEXTS.valueTwice;
      seen.add(wanted);
      const rowCodeError = codeError(row.code, true);
      if (rowCodeError) errors[`rules.${i}.codes.${j}.code`] = rowCodeError;
    });
  });
  return errors;
}

/** The server's error keys a field of the form shows; the others are said above the rules. */
const PLACED = /^rules\.\d+\.(dimension|field|defaultCode|codes(\.\d+\.(value|code))?)$/;

/** The first message of each server error no input shows (e.g. `rules`: "Each dimension may have one rule."). */
export function unplacedErrors(errors: Record<string, unknown>): string[] {
  return Object.entries(errors)
    .filter(([key, message]) => !PLACED.test(key) && typeof message === 'string' && message !== '')
    .map(([, message]) => message as string);
}

/** The settings with their keys in one order, so two equal ones compare equal as text. */
const canonical = (settings: DimensionSettings) =>
  JSON.stringify(
    settings.rules.map((r) => [r.dimension, r.field, r.codes.map((c) => [c.value, c.code]), r.defaultCode]),
  );

/** Whether the form differs from what is saved (as it would be sent). */
export const isChanged = (values: DimensionFormValues, saved: DimensionSettings) =>
  canonical(toDimensionBody(values)) !== canonical(saved);
