import { describe, expect, it } from 'vitest';
import { flipCard, hideMismatch, isFaceUp, moveFocus, newGame, pairsFound, type MemoryGame } from './memory-game';

/** Index of the other card with the same destination. */
const partnerOf = (game: MemoryGame, index: number) =>
  game.cards.findIndex((card, i) => i !== index && card.destination === game.cards[index]?.destination);

describe('memory game', () => {
  it('deals every destination twice', () => {
    const game = newGame(8, () => 0.3);
    expect(game.cards).toHaveLength(16);
    const counts = new Map<string, number>();
    for (const card of game.cards) counts.set(card.destination, (counts.get(card.destination) ?? 0) + 1);
    expect([...counts.values()].every((count) => count === 2)).toBe(true);
  });

  it('matches a pair and counts one move', () => {
    let game = newGame(4, () => 0.42);
    const partner = partnerOf(game, 0);
    game = flipCard(game, 0);
    expect(game.moves).toBe(0);
    game = flipCard(game, partner);
    expect(game.moves).toBe(1);
    expect(game.cards[0]?.matched && game.cards[partner]?.matched).toBe(true);
    expect(game.flipped).toEqual([]);
    expect(pairsFound(game)).toBe(1);
  });

  it('keeps a mismatch face up until hidden, and ignores a third card meanwhile', () => {
    let game = newGame(4, () => 0.42);
    const other = game.cards.findIndex((card) => card.destination !== game.cards[0]?.destination);
    game = flipCard(flipCard(game, 0), other);
    expect(game.flipped).toEqual([0, other]);
    const third = game.cards.findIndex((_, i) => i !== 0 && i !== other);
    expect(flipCard(game, third)).toBe(game);
    game = hideMismatch(game);
    expect(isFaceUp(game, 0)).toBe(false);
    expect(game.moves).toBe(1);
  });

  it('ignores flipping the same or a matched card', () => {
    let game = flipCard(
      newGame(2, () => 0.1),
      0,
    );
    expect(flipCard(game, 0)).toBe(game);
    game = flipCard(game, partnerOf(game, 0));
    expect(flipCard(game, 0)).toBe(game);
  });

  it('is won when every pair is found', () => {
    let game = newGame(3, () => 0.7);
    for (let i = 0; i < game.cards.length; i += 1) {
      if (game.cards[i]?.matched) continue;
      game = flipCard(flipCard(game, i), partnerOf(game, i));
    }
    expect(game.status).toBe('won');
    expect(game.moves).toBe(3);
  });

  it('moves focus on a 4-column grid, mirrored in RTL', () => {
    expect(moveFocus(5, 'ArrowRight', 4, 16, false)).toBe(6);
    expect(moveFocus(5, 'ArrowRight', 4, 16, true)).toBe(4);
    expect(moveFocus(5, 'ArrowDown', 4, 16, false)).toBe(9);
    expect(moveFocus(1, 'ArrowUp', 4, 16, false)).toBe(1);
    expect(moveFocus(15, 'ArrowRight', 4, 16, false)).toBe(15);
    expect(moveFocus(7, 'Home', 4, 16, false)).toBe(0);
  });
});
