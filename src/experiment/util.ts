// Small helpers shared by the experiment modules.
import type { GameConfig } from '../legions/game.js';
import { VARIANT_NAMES } from '../legions/variants.js';

export const enabledVariantNames = (cfg: GameConfig): string[] => VARIANT_NAMES.filter((n) => cfg.variants[n]);
