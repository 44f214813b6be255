import { Building2, Fish, Flower2, Landmark, Mountain, Palmtree, TreePine, Waves, type LucideIcon } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { isFaceUp, moveFocus, type Destination, type MemoryGame } from '../lib/memory-game';

const FACES: Record<Destination, { icon: LucideIcon; className: string }> = {
  alula: { icon: Mountain, className: 'bg-amber-100 text-amber-900' },
  riyadh: { icon: Building2, className: 'bg-sky-100 text-sky-900' },
  jeddah: { icon: Waves, className: 'bg-cyan-100 text-cyan-900' },
  abha: { icon: TreePine, className: 'bg-emerald-100 text-emerald-900' },
  taif: { icon: Flower2, className: 'bg-rose-100 text-rose-900' },
  diriyah: { icon: Landmark, className: 'bg-orange-100 text-orange-900' },
  al_ahsa: { icon: Palmtree, className: 'bg-lime-100 text-lime-900' },
  farasan: { icon: Fish, className: 'bg-indigo-100 text-indigo-900' },
};

export const COLUMNS = 4;

export interface MemoryBoardProps {
  game: MemoryGame;
  rtl: boolean;
  onFlip: (index: number) => void;
}

/** A 4-column grid of buttons: Tab reaches it, arrow keys move, Enter or Space turns a card. */
export function MemoryBoard({ game, rtl, onFlip }: MemoryBoardProps) {
  const { t } = useTranslation('game');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = moveFocus(index, event.key, COLUMNS, game.cards.length, rtl);
    if (next !== index || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      buttons.current[next]?.focus();
    }
  };

  return (
    <div
      role="group"
      aria-label={t('board_label')}
      className="grid grid-cols-4 gap-2 sm:gap-3"
      data-testid="memory-board"
    >
      {game.cards.map((card, index) => {
        const faceUp = isFaceUp(game, index);
        const face = FACES[card.destination];
        const name = t(`destinations.${card.destination}`);
        return (
          <button
            key={card.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            data-testid="memory-card"
            data-face-up={faceUp}
            aria-label={faceUp ? name : t('card_hidden', { number: index + 1 })}
            aria-disabled={card.matched || undefined}
            onClick={() => onFlip(index)}
            onKeyDown={(event) => handleKeyDown(event, index)}
            className={cn(
              'flex aspect-square flex-col items-center justify-center gap-1 rounded-xl border text-xs font-semibold transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-600 sm:text-sm',
              faceUp ? face.className : 'border-primary-800 bg-primary-700 text-primary-100 hover:bg-primary-800',
              card.matched && 'opacity-70',
            )}
          >
            {faceUp ? (
              <>
                <face.icon aria-hidden="true" className="size-6 sm:size-8" />
                <span className="px-1 text-center leading-tight">{name}</span>
              </>
            ) : (
              <span aria-hidden="true" className="text-2xl">
                ن
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
