/**
 * A box's own tracking number in the simulator: the order's air waybill, `-`, and its piece
 * number in three digits (`4012345673-002`), as its label prints it and TrackOrder names it.
 */
export function parcelReference(airWaybill: string, index: number): string {
  return `${airWaybill}-${String(index + 1).padStart(3, '0')}`;
}
