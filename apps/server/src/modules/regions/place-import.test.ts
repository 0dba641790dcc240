import { describe, expect, it } from 'vitest';
import { readPlaces } from './place-import.js';

const csv = (content: string) => readPlaces({ format: 'csv', content });

describe('reading a region\'s places from a file', () => {
  it('reads a CSV with quoted fields, any column order, a BOM and blank lines', () => {
    const read = csv('\uFEFFlabel,slug,lng,lat\r\n"Rochester, NY",rochester,-77.6088,43.1566\r\n\r\n"The ""Flower City"" airport",roc_airport,-77.6724,43.1189\r\n');
    expect(read).toEqual({
      ok: true,
      places: [
        { slug: 'rochester', label: 'Rochester, NY', lat: 43.1566, lng: -77.6088 },
        { slug: 'roc_airport', label: 'The "Flower City" airport', lat: 43.1189, lng: -77.6724 },
      ],
    });
  });

  it('names every bad row by its line and imports nothing: a missing coordinate, a duplicate slug, latitude 123', () => {
    const read = csv(['slug,label,lat,lng', 'rochester,Rochester,43.1566,-77.6088', 'buffalo,Buffalo,,-78.8784', 'rochester,Rochester again,43.2,-77.6', 'syracuse,Syracuse,123,-76.1474', 'ithaca,Ithaca,42.4406,-76.4966'].join('\n'));
    expect(read).toEqual({
      ok: false,
      problems: [
        { row: 3, message: 'the latitude is missing or not a number' },
        { row: 4, message: 'slug "rochester" is already on row 2' },
        { row: 5, message: 'latitude 123 is outside -90 to 90' },
      ],
    });
  });

  it('refuses a header without the four columns, an empty file and a single place', () => {
    expect(csv('name,lat,lng\nrochester,43,-77')).toEqual({ ok: false, problems: [{ row: 1, message: 'the header lacks slug, label: it must name slug,label,lat,lng' }] });
    expect(csv('')).toMatchObject({ ok: false, problems: [{ row: 1 }] });
    expect(csv('slug,label,lat,lng\nrochester,Rochester,43.1566,-77.6088')).toMatchObject({ ok: false, problems: [{ row: 0, message: expect.stringContaining('at least 2') }] });
  });

  it('reads GeoJSON points (longitude first) and names bad features by their position', () => {
    const collection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });
    const point = (slug: string, label: string, coordinates: unknown[]) => ({ type: 'Feature', properties: { slug, label }, geometry: { type: 'Point', coordinates } });
    expect(readPlaces({ format: 'geojson', content: collection([point('rochester', 'Rochester', [-77.6088, 43.1566]), point('buffalo', 'Buffalo', [-78.8784, 42.8865])]) })).toEqual({
      ok: true,
      places: [
        { slug: 'rochester', label: 'Rochester', lat: 43.1566, lng: -77.6088 },
        { slug: 'buffalo', label: 'Buffalo', lat: 42.8865, lng: -78.8784 },
      ],
    });
    const bad = readPlaces({
      format: 'geojson',
      content: collection([point('rochester', 'Rochester', [-77.6, 43.1]), { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [] } }, point('Bad Slug', '', [200, 43])]),
    });
    expect(bad).toEqual({
      ok: false,
      problems: [
        { row: 2, message: 'the feature is not a Point' },
      ],
    });
    expect(readPlaces({ format: 'geojson', content: collection([point('a', 'A', [1, 2]), point('Bad Slug', '', [200, 43])]) })).toEqual({
      ok: false,
      problems: [
        { row: 2, message: 'slug "Bad Slug": use lowercase letters, digits and underscores (at most 64)' },
        { row: 2, message: 'the label is empty' },
        { row: 2, message: 'longitude 200 is outside -180 to 180' },
      ],
    });
    expect(readPlaces({ format: 'geojson', content: '{' })).toMatchObject({ ok: false, problems: [{ row: 0 }] });
  });
});
