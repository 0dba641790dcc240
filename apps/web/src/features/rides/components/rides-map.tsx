import type { Ride } from '@carpool/shared/schemas/rides';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import Supercluster from 'supercluster';
import { useAppConfig } from '../../../lib/app-config';
import { useRegion } from '../../../lib/region';
import { clusterColours } from '../utils/cluster-colour';
import { pickupPoint, routePoints } from '../utils/map-points';
import { useRouteText } from './ride-bits';

interface RidesMapProps {
  rides: readonly Ride[];
  onOpen: (ride: Ride) => void;
}

interface PointProps {
  rideId: string;
}

const COLOURS = { red: '#dc2626', blue: '#2563eb' } as const;

/** The region's brand colour: an SVG attribute, unlike the markers' inline styles, cannot read a CSS variable. */
function brandColour(): string {
  return getComputedStyle(document.documentElement).getPropertyValue('--brand-600').trim() || COLOURS.blue;
}

function clusterIcon(count: number, colour: 'red' | 'blue'): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 42 : 50;
  return L.divIcon({
    className: '',
    iconSize: [size, size],
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:9999px;background:${COLOURS[colour]};color:#fff;font:700 13px system-ui,sans-serif;border:3px solid rgba(255,255,255,.85);box-shadow:0 2px 6px rgba(0,0,0,.35)" data-cluster-colour="${colour}">${count}</span>`,
  });
}

const pointIcon = L.divIcon({
  className: '',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
  html: '<span style="display:block;width:22px;height:22px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:var(--brand-600);border:3px solid #fff;box-shadow:0 2px 5px rgba(0,0,0,.4)"></span>',
});

/**
 * The listed rides' pick-up points, clustered with supercluster so the colour rule of spec
 * section 9 can use real cluster sizes. Tiles come only from the configured tile server; without
 * one the markers sit on a plain background and the page makes no request to any map service.
 * The ride last pointed at or opened has its route drawn, through its stops.
 */
export function RidesMap({ rides, onOpen }: RidesMapProps) {
  const routeText = useRouteText();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const routeLayerRef = useRef<L.LayerGroup | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = rides.find((ride) => ride.id === selectedId) ?? null;
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  });
  const { data: config } = useAppConfig();
  const { places, detail } = useRegion();
  const { lat: centreLat, lng: centreLng, zoom: centreZoom } = detail.map;
  const tileUrl = config?.mapTileUrl ?? null;

  useEffect(() => {
    if (!containerRef.current) return;
    const map = L.map(containerRef.current, { center: [centreLat, centreLng], zoom: centreZoom, minZoom: 3, maxZoom: 16, attributionControl: Boolean(tileUrl) });
    if (tileUrl) {
      // OpenStreetMap's tile policy asks for this attribution, with the link to its licence.
      L.tileLayer(tileUrl, { maxZoom: 19, attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' }).addTo(map);
    }
    mapRef.current = map;
    routeLayerRef.current = L.layerGroup().addTo(map);
    layerRef.current = L.layerGroup().addTo(map);
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
      routeLayerRef.current = null;
    };
  }, [tileUrl, centreLat, centreLng, centreZoom]);

  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    const byId = new Map(rides.map((ride) => [ride.id, ride]));
    const features: Supercluster.PointFeature<PointProps>[] = [];
    for (const ride of rides) {
      const point = pickupPoint(places, ride);
      if (point) {
        features.push({ type: 'Feature', properties: { rideId: ride.id }, geometry: { type: 'Point', coordinates: [point.lng, point.lat] } });
      }
    }
    const index = new Supercluster<PointProps>({ radius: 60, maxZoom: 15 }).load(features);

    const draw = () => {
      layer.clearLayers();
      const bounds = map.getBounds();
      const items = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.round(map.getZoom()));
      const clusters = items.filter((item): item is Supercluster.ClusterFeature<PointProps> => 'cluster' in item.properties && item.properties.cluster === true);
      const colours = clusterColours(clusters.map((cluster) => cluster.properties.point_count));
      clusters.forEach((cluster, position) => {
        const [lng, lat] = cluster.geometry.coordinates as [number, number];
        const marker = L.marker([lat, lng], {
          icon: clusterIcon(cluster.properties.point_count, colours[position] ?? 'blue'),
          title: `${cluster.properties.point_count} rides`,
          keyboard: true,
        });
        marker.on('click', () => {
          const zoom = Math.min(index.getClusterExpansionZoom(cluster.properties.cluster_id), 16);
          map.setView([lat, lng], zoom);
        });
        layer.addLayer(marker);
      });
      for (const item of items) {
        if ('cluster' in item.properties && item.properties.cluster) continue;
        const ride = byId.get((item.properties as PointProps).rideId);
        if (!ride) continue;
        const [lng, lat] = item.geometry.coordinates as [number, number];
        const marker = L.marker([lat, lng], { icon: pointIcon, title: routeText(ride.segment.from, ride.segment.to), keyboard: true });
        marker.on('mouseover', () => setSelectedId(ride.id));
        marker.on('click', () => {
          setSelectedId(ride.id);
          onOpenRef.current(ride);
        });
        layer.addLayer(marker);
      }
    };

    if (features.length > 0) {
      const lats = features.map((feature) => feature.geometry.coordinates[1]!);
      const lngs = features.map((feature) => feature.geometry.coordinates[0]!);
      map.fitBounds(
        [
          [Math.min(...lats), Math.min(...lngs)],
          [Math.max(...lats), Math.max(...lngs)],
        ],
        { padding: [40, 40], maxZoom: 11 },
      );
    }
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
    };
  }, [rides, places, routeText, tileUrl]);

  useEffect(() => {
    const layer = routeLayerRef.current;
    if (!layer) return;
    layer.clearLayers();
    const points = selected ? routePoints(places, selected) : [];
    if (points.length < 2) return;
    const colour = brandColour();
    layer.addLayer(L.polyline(points.map((point) => [point.lat, point.lng] as L.LatLngTuple), { color: colour, weight: 4, opacity: 0.85, interactive: false }));
    for (const point of points.slice(1, -1)) {
      layer.addLayer(L.circleMarker([point.lat, point.lng], { radius: 5, color: '#fff', weight: 2, fillColor: colour, fillOpacity: 1, interactive: false }));
    }
  }, [selected, places, tileUrl]);

  const unmapped = rides.filter((ride) => !pickupPoint(places, ride)).length;
  const shownRoute = selected ? routePoints(places, selected).map((point) => places.label(point.place)) : [];
  return (
    <div className="space-y-2">
      <div
        ref={containerRef}
        role="region"
        aria-label="Map of pick-up points"
        className="h-[28rem] w-full overflow-hidden rounded-2xl border border-slate-200 !bg-slate-200 dark:border-slate-700 dark:!bg-slate-800"
      />
      {shownRoute.length > 1 ? (
        <p className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
          <span className="font-semibold">Route:</span> {shownRoute.join(' → ')}
        </p>
      ) : null}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {tileUrl ? '' : 'Markers are shown without a background map. '}
        Rides without a pick-up address are placed at their departure town.
        {unmapped > 0 ? ` ${unmapped} ${unmapped === 1 ? 'ride has' : 'rides have'} no known location.` : ''}
      </p>
    </div>
  );
}
