import type { ColumnDef } from '@tanstack/react-table';
import type { RecordRowOf } from '@ff/contract';
import { postingStatusColumn, textColumn, valueColumn } from '@/features/records/posting/posting-columns';

type AdvanceRow = RecordRowOf<'cashAdvance'> | RecordRowOf<'fuelAdvance'>;
type TripFields = Pick<
  AdvanceRow,
  'id' | 'tripNumber' | 'route' | 'transporterName' | 'truckNumber' | 'status' | 'lastError'
>;

const trip: ColumnDef<TripFields, any>[] = [
  postingStatusColumn<TripFields>(),
  valueColumn<TripFields>('tripNumber', 'Trip ID'),
  textColumn<TripFields>('route', 'Route'),
  valueColumn<TripFields>('transporterName', 'Transporter Name'),
  textColumn<TripFields>('truckNumber', 'Truck Number'),
];

/** The advance screens' first columns (docs/spec/product-spec.md section 2, cash and fuel): the status and the trip. */
export const advanceTripColumns = <T extends TripFields>() => trip as ColumnDef<T, any>[];
