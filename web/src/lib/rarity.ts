// A sticker's rarity, as the staff app and the back office both rank it (common … legendary).
export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;

/** Common 0 … legendary 3; an unknown rarity counts as common. */
export function rarityRank(rarity: string): number {
  const i = (RARITIES as readonly string[]).indexOf(rarity);
  return i < 0 ? 0 : i;
}
