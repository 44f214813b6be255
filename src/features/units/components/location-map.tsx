import 'leaflet/dist/leaflet.css';
import L, { type LeafletEvent } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';

/** Centre of the Kingdom, zoomed out, when the unit has no point yet. */
const SAUDI_CENTRE: [number, number] = [23.8859, 45.0792];
const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

// A CSS marker instead of Leaflet's PNG icons, whose URLs bundlers break.
const markerIcon = L.divIcon({
  className: '',
  html: '<span class="block size-6 rounded-full border-4 border-white bg-primary-700 shadow-lg"></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 12],
});

export interface LocationMapProps {
  point: [number, number] | null;
  onPointChange: (lat: number, lng: number) => void;
  onTilesFailed: () => void;
}

function ClickToPlace({ onPointChange }: Pick<LocationMapProps, 'onPointChange'>) {
  useMapEvents({ click: (event) => onPointChange(event.latlng.lat, event.latlng.lng) });
  return null;
}

/** Follows the point when it changes from outside (city search, typed coordinates). */
function FollowPoint({ point }: { point: [number, number] | null }) {
  const map = useMap();
  const lat = point?.[0];
  const lng = point?.[1];
  useEffect(() => {
    if (lat !== undefined && lng !== undefined) map.setView([lat, lng], Math.max(map.getZoom(), 12));
  }, [map, lat, lng]);
  return null;
}

export function LocationMap({ point, onPointChange, onTilesFailed }: LocationMapProps) {
  const { t } = useTranslation('units');
  const tileEvents = useMemo(() => ({ tileerror: () => onTilesFailed() }), [onTilesFailed]);
  const markerEvents = useMemo(
    () => ({
      dragend: (event: LeafletEvent) => {
        const { lat, lng } = (event.target as L.Marker).getLatLng();
        onPointChange(lat, lng);
      },
    }),
    [onPointChange],
  );
  return (
    <div
      role="region"
      aria-label={t('map.label')}
      className="h-72 overflow-hidden rounded-md border border-stone-300"
      dir="ltr"
    >
      <MapContainer center={point ?? SAUDI_CENTRE} zoom={point ? 12 : 5} className="size-full" scrollWheelZoom={false}>
        <TileLayer url={TILE_URL} attribution={ATTRIBUTION} eventHandlers={tileEvents} />
        <ClickToPlace onPointChange={onPointChange} />
        <FollowPoint point={point} />
        {point ? <Marker position={point} draggable icon={markerIcon} eventHandlers={markerEvents} /> : null}
      </MapContainer>
    </div>
  );
}
