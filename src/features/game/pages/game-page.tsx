import { RotateCcw, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { currentLanguage, getDirection } from '@/lib/i18n';
import { MemoryBoard } from '../components/memory-board';
import { DESTINATIONS, flipCard, hideMismatch, newGame, pairsFound, type MemoryGame } from '../lib/memory-game';

/** How long a mismatched pair stays visible: long enough to remember, short enough to flow. */
const MISMATCH_DELAY_MS = 900;

export function GamePage() {
  const { t } = useTranslation('game');
  const language = currentLanguage();
  const [game, setGame] = useState<MemoryGame>(() => newGame());
  const [announcement, setAnnouncement] = useState('');

  const mismatch = game.flipped.length === 2;
  useEffect(() => {
    if (!mismatch) return undefined;
    const timer = window.setTimeout(() => setGame(hideMismatch), MISMATCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [mismatch]);

  const handleFlip = (index: number) => {
    const next = flipCard(game, index);
    if (next === game) return;
    if (next.moves > game.moves) {
      const matched = pairsFound(next) > pairsFound(game);
      const name = t(`destinations.${next.cards[index]?.destination ?? 'alula'}`);
      if (next.status === 'won') setAnnouncement(t('won', { count: next.moves }));
      else setAnnouncement(matched ? t('match', { name }) : t('no_match'));
    }
    setGame(next);
  };

  const handleRestart = () => {
    setGame(newGame());
    setAnnouncement(t('restarted'));
  };

  const total = DESTINATIONS.length;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-700" data-testid="game-progress">
          {t('pairs', { found: formatNumber(pairsFound(game), language), total: formatNumber(total, language) })}
          {' · '}
          {t('moves', { count: game.moves })}
        </p>
        <Button variant="outline" size="sm" onClick={handleRestart}>
          <RotateCcw aria-hidden="true" />
          {t('new_game')}
        </Button>
      </div>
      {game.status === 'won' ? (
        <div className="mb-4 flex items-center gap-3 rounded-xl bg-sand-100 p-4 text-sand-700" data-testid="game-won">
          <Trophy aria-hidden="true" className="size-6 shrink-0" />
          <p className="font-semibold">{t('won', { count: game.moves })}</p>
        </div>
      ) : null}
      <MemoryBoard game={game} rtl={getDirection(language) === 'rtl'} onFlip={handleFlip} />
      <p className="mt-4 text-sm text-stone-600">{t('how_to')}</p>
      <p aria-live="polite" className="sr-only" data-testid="game-announcer">
        {announcement}
      </p>
    </div>
  );
}
