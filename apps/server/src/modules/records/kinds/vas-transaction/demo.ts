import { VAS_PRODUCTS } from '../../../demo-data/catalogue.js';
import { kes, transporterDemo, type DemoPiece } from '../shared/demo.js';

/**
 * A product bought for the trip from its supplier and sold on to the transporter. About one row in ten is
 * sold below cost (the Post Loss permission guards posting those).
 */
export const vasTransactionDemo: DemoPiece = ({ random, trip, sourceId, when, depot }) => {
  const id = sourceId('VAS');
  const warehouse = depot();
  const product = random.weighted(VAS_PRODUCTS.map((p) => [p, p.weight] as const));
  const supplier = random.pick(product.suppliers);
  const quantity = random.int(product.quantity[0], product.quantity[1]);
  let buyingCents = random.int(product.buyingCents[0], product.buyingCents[1]);
  if (buyingCents >= 1_000_00) buyingCents = Math.round(buyingCents / 100_00) * 100_00; // big tickets in whole 100s
  const loss = random.chance(0.1);
  const basisPoints = loss
    ? -random.int(200, 1_000)
    : random.int(product.markupBasisPoints[0], product.markupBasisPoints[1]);
  const sellingCents = Math.round((buyingCents * (10_000 + basisPoints)) / 10_000);
  const tripBound = random.chance(product.tripBound);
  // Bought on the trip's day or up to two days later, never on or after the reference day.
  const laterDays = Math.min(random.int(0, 2), trip.dayOffset - 1);
  const boughtAt = new Date(trip.startsAt.getTime() + laterDays * 86_400_000 + random.int(0, 240) * 60_000);
  const stocked = product.type === 'Fuel' || product.type === 'Lubricants' || product.type === 'Tyres';
  return {
    sourceId: id,
    documentDate: when(boughtAt),
    tripNumber: tripBound ? trip.number : null,
    ...transporterDemo(trip),
    truckNumber: trip.truckNumber,
    orderNumber: `LPO-${random.int(100_000, 999_999)}`,
    supplierName: supplier.name,
    supplierCode: supplier.code,
    warehouse: stocked ? warehouse : null,
    description: random.pick(product.descriptions),
    productType: product.type,
    originQuantity: `${quantity}.000`,
    buyingUnitPrice: kes(buyingCents),
    sellingUnitPrice: kes(sellingCents),
  };
};
