/**
 * A memory game of Saudi destinations: pure state transitions, so the rules are tested without
 * a browser and the component only renders and schedules.
 */
export const DESTINATIONS = ['alula', 'riyadh', 'jeddah', 'abha', 'taif', 'diriyah', 'al_ahsa', 'farasan'] as const;
export type Destination = (typeof DESTINATIONS)[number];

export interface MemoryCard {
  id: number;
  destination: Destination;
  matched: boolean;
}

export interface MemoryGame {
  cards: MemoryCard[];
  /** Indexes of the face-up cards that are not matched yet (0, 1 or 2). */
  flipped: number[];
  moves: number;
  status: 'playing' | 'won';
}

/** Fisher–Yates with an injectable random source, so tests can fix the deal. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

export function newGame(pairs: number = DESTINATIONS.length, random: () => number = Math.random): MemoryGame {
  const chosen = DESTINATIONS.slice(0, Math.max(1, Math.min(pairs, DESTINATIONS.length)));
  const deck = shuffle([...chosen, ...chosen], random).map((destination, id) => ({ id, destination, matched: false }));
  return { cards: deck, flipped: [], moves: 0, status: 'playing' };
}

/** Turning a third card while two unmatched cards are up is ignored until they are hidden. */
export function flipCard(game: MemoryGame, index: number): MemoryGame {
  const card = game.cards[index];
  if (!card || card.matched || game.status === 'won' || game.flipped.includes(index) || game.flipped.length >= 2) {
    return game;
  }
  const flipped = [...game.flipped, index];
  if (flipped.length < 2) return { ...game, flipped };

  const [first, second] = flipped as [number, number];
  const moves = game.moves + 1;
  if (game.cards[first]?.destination !== game.cards[second]?.destination) return { ...game, flipped, moves };

  const cards = game.cards.map((c, i) => (i === first || i === second ? { ...c, matched: true } : c));
  const won = cards.every((c) => c.matched);
  return { cards, flipped: [], moves, status: won ? 'won' : 'playing' };
}

/** Turns two mismatched cards face down again. */
export function hideMismatch(game: MemoryGame): MemoryGame {
  return game.flipped.length === 2 ? { ...game, flipped: [] } : game;
}

export function isFaceUp(game: MemoryGame, index: number): boolean {
  return Boolean(game.cards[index]?.matched) || game.flipped.includes(index);
}

export function pairsFound(game: MemoryGame): number {
  return game.cards.filter((card) => card.matched).length / 2;
}

/** Grid navigation for arrow keys; in RTL "ArrowRight" moves towards the start of the row. */
export function moveFocus(index: number, key: string, columns: number, total: number, rtl: boolean): number {
  const horizontal = rtl ? -1 : 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(total - 1, Math.max(0, index + horizontal));
    case 'ArrowLeft':
      return Math.min(total - 1, Math.max(0, index - horizontal));
    case 'ArrowDown':
      return index + columns < total ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return total - 1;
    default:
      return index;
  }
}
