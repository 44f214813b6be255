import { MapPinOff } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §8 "failed to load map": the form and the coordinate inputs stay usable. */
export function MapFailedNotice() {
  const { t } = useTranslation('units');
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="map-failed"
    >
      <MapPinOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{t('map.failed')}</p>
        <p>{t('map.failed_hint')}</p>
      </div>
    </div>
  );
}

interface State {
  failed: boolean;
}

/** A map that throws (its chunk cannot load, Leaflet fails) is replaced, never the whole page. */
export class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
