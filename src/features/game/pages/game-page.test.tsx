import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { GamePage } from './game-page';

function renderGame() {
  return render(
    <I18nextProvider i18n={i18n}>
      <GamePage />
    </I18nextProvider>,
  );
}

describe('GamePage', () => {
  it('is playable with the keyboard alone', async () => {
    const user = userEvent.setup();
    renderGame();
    const board = screen.getByRole('group', { name: 'Cards' });
    const cards = within(board).getAllByRole('button');
    expect(cards).toHaveLength(16);
    expect(cards[0]).toHaveAccessibleName('Card 1, face down');

    cards[0]?.focus();
    await user.keyboard('{Enter}');
    expect(cards[0]).toHaveAttribute('data-face-up', 'true');
    expect(cards[0]?.getAttribute('aria-label')).not.toMatch(/face down/);

    await user.keyboard('{ArrowRight}');
    expect(cards[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByTestId('game-progress')).toHaveTextContent('1 move');
    expect(screen.getByTestId('game-announcer')).toHaveTextContent(/a pair!|Not a pair/);
  });

  it('starts over with New game', async () => {
    const user = userEvent.setup();
    renderGame();
    await user.click(within(screen.getByRole('group', { name: 'Cards' })).getAllByRole('button')[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'New game' }));
    expect(screen.getByTestId('game-progress')).toHaveTextContent('0 of 8 pairs · 0 moves');
  });
});
