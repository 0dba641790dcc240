import { themeScaleOf } from '@carpool/shared/colour';
import type { AdminRegion, CreateRegionInput } from '@carpool/shared/schemas/regions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { AdminPage } from './admin-page';
import { RegionsPanel } from './regions-panel';

const admin = { ...testUser, isAdmin: true };
const AT = '2026-03-02T15:00:00.000Z';

/** A region as GET /api/admin/regions answers it. */
function regionOf(fields: Partial<AdminRegion> & Pick<AdminRegion, 'slug' | 'name'>): AdminRegion {
  const theme = fields.theme ?? { light: '#b31b1b', dark: '#efa8a8', scale: { ...themeScaleOf('#b31b1b'), '300': '#efa8a8' } };
  return {
    where: `at ${fields.name}`,
    subtitle: 'Intercity Carpool Platform for Your College Community',
    theme,
    timeZone: 'America/New_York',
    map: { lat: 42.45, lng: -76.48, zoom: 12 },
    status: 'live',
    places: [],
    colleges: [],
    emailDomains: [`${fields.slug}.edu`],
    moderators: [],
    position: 0,
    contrast: { light: 6.3, dark: 9.1 },
    createdAt: AT,
    updatedAt: AT,
    ...fields,
  };
}

const cornell = regionOf({
  slug: 'cornell',
  name: 'Cornell',
  places: [
    { slug: 'ithaca', label: 'Ithaca', lat: 42.44, lng: -76.5 },
    { slug: 'nyc', label: 'New York City', lat: 40.71, lng: -74.0 },
  ],
});

type Handlers = Parameters<typeof fakeServer>[0];

/** The calls each test adds: they change the regions as the server would (a change is read again after it). */
interface ServerState {
  sent: Record<string, unknown[]>;
  replace: (region: AdminRegion) => { body: AdminRegion };
  find: (slug: string) => AdminRegion;
}

/** A fake server holding the regions, as the console's API changes them; the bodies it got, by "METHOD /path". */
function regionsServer(start: AdminRegion[], extra: (state: ServerState) => Handlers = () => ({})) {
  const regions = [...start];
  const sent: Record<string, unknown[]> = {};
  const record = (key: string, init: RequestInit | undefined) => {
    (sent[key] ??= []).push(init?.body === undefined ? undefined : JSON.parse(String(init.body)));
  };
  const find = (slug: string) => regions.find((each) => each.slug === slug)!;
  const replace = (region: AdminRegion) => {
    regions.splice(regions.findIndex((each) => each.slug === region.slug), 1, region);
    return { body: region };
  };
  fakeServer({
    // The region provider's answers (the page's own region).
    'GET /api/regions': () => ({ body: [cornell].map(({ slug, name, where, subtitle, theme, timeZone, map, status }) => ({ slug, name, where, subtitle, theme, timeZone, map, status })) }),
    'GET /api/regions/cornell': () => ({ body: { ...cornell, colleges: [] } }),
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/regions': () => ({ body: regions }),
    'POST /api/admin/regions': (init) => {
      record('POST /api/admin/regions', init);
      const input = JSON.parse(String(init?.body)) as CreateRegionInput;
      const created = regionOf({
        ...input,
        status: 'draft',
        theme: { ...input.theme, scale: { ...themeScaleOf(input.theme.light), '300': input.theme.dark } },
        position: regions.length,
      });
      regions.push(created);
      return { status: 201, body: created };
    },
    'POST /api/admin/regions/rochester/publish': (init) => {
      record('POST /api/admin/regions/rochester/publish', init);
      return replace({ ...find('rochester'), status: 'live' });
    },
    ...extra({ sent, replace, find }),
  });
  return { sent };
}

const rochesterDraft = regionOf({
  slug: 'rochester',
  name: 'Rochester',
  status: 'draft',
  theme: { light: '#c2410c', dark: '#fdba74', scale: { ...themeScaleOf('#c2410c'), '300': '#fdba74' } },
  map: { lat: 43.13, lng: -77.63, zoom: 12 },
});

beforeEach(() => {
  localStorage.clear();
  signInLocally('cornell', admin);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RegionsPanel', () => {
  it('lists every region with its status, and creates a draft with the API body', async () => {
    const { sent } = regionsServer([cornell, regionOf({ slug: 'oldtown', name: 'Old Town', status: 'archived' })]);
    renderWithApp(<RegionsPanel />);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Regions' });
    expect(within(within(list).getByRole('article', { name: 'Cornell' })).getByText('Live')).toBeInTheDocument();
    expect(within(within(list).getByRole('article', { name: 'Old Town' })).getByText('Archived')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New region' }));
    const form = screen.getByRole('form', { name: 'New region' });
    await user.type(within(form).getByLabelText('Slug'), 'rochester');
    await user.type(within(form).getByLabelText('Display name'), 'Rochester');
    await user.type(within(form).getByLabelText('Where (“at Rochester”)'), 'at Rochester');
    await user.type(within(form).getByLabelText('Subtitle'), 'Rides for the University of Rochester');
    const light = within(form).getByLabelText('Light theme colour');
    await user.clear(light);
    await user.type(light, '#C2410C');
    const dark = within(form).getByLabelText('Dark theme colour');
    await user.clear(dark);
    await user.type(dark, '#fdba74');
    await user.clear(within(form).getByLabelText('Time zone'));
    await user.type(within(form).getByLabelText('Time zone'), 'America/New_York');
    await user.type(within(form).getByLabelText('Map latitude'), '43.1306');
    await user.type(within(form).getByLabelText('Map longitude'), '-77.626');
    await user.type(within(form).getByLabelText('Allowed e-mail domains'), 'rochester.edu, u.rochester.edu');
    await user.click(within(form).getByRole('button', { name: 'Create draft' }));

    expect(await screen.findByRole('heading', { name: 'Rochester' })).toBeInTheDocument();
    expect(sent['POST /api/admin/regions']).toEqual([
      {
        slug: 'rochester',
        name: 'Rochester',
        where: 'at Rochester',
        subtitle: 'Rides for the University of Rochester',
        theme: { light: '#c2410c', dark: '#fdba74' },
        timeZone: 'America/New_York',
        map: { lat: 43.1306, lng: -77.626, zoom: 12 },
        emailDomains: ['rochester.edu', 'u.rochester.edu'],
      },
    ]);
    // The editor of the new draft: nothing to publish until it has places.
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByText('No places yet: import a file to add them.')).toBeInTheDocument();
  });

  it('shows a failing contrast with its ratio as it is typed, and sends nothing', async () => {
    const { sent } = regionsServer([cornell]);
    renderWithApp(<RegionsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New region' }));
    const form = screen.getByRole('form', { name: 'New region' });
    const light = within(form).getByLabelText('Light theme colour');
    expect(light).toHaveAccessibleDescription(/White text on it: 6\.70:1 Passes AA/);

    await user.clear(light);
    await user.type(light, '#ffcc00');
    expect(light).toHaveAccessibleDescription('White text on it: 1.51:1 Fails AA: at least 4.5:1');
    const dark = within(form).getByLabelText('Dark theme colour');
    await user.clear(dark);
    await user.type(dark, '#7c2d12');
    expect(dark).toHaveAccessibleDescription('It on the dark background: 2.15:1 Fails AA: at least 4.5:1');

    await user.click(within(form).getByRole('button', { name: 'Create draft' }));
    expect(await within(form).findByText('White text on it has a contrast of 1.51:1; WCAG AA asks for at least 4.5:1.')).toBeInTheDocument();
    expect(within(form).getByText('On the dark background it has a contrast of 2.15:1; WCAG AA asks for at least 4.5:1.')).toBeInTheDocument();
    expect(light).toHaveAttribute('aria-invalid', 'true');
    expect(sent['POST /api/admin/regions']).toBeUndefined();
  });

  it('previews the colours as they will be served, on the preview only', async () => {
    regionsServer([cornell, rochesterDraft]);
    renderWithApp(<RegionsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Rochester' }));
    const lightPane = screen.getByTestId('preview-light');
    const darkPane = screen.getByTestId('preview-dark');
    const scale = themeScaleOf('#c2410c');
    for (const pane of [lightPane, darkPane]) {
      expect(pane.style.getPropertyValue('--brand-600')).toBe('#c2410c');
      expect(pane.style.getPropertyValue('--brand-700')).toBe(scale['700']);
      // The dark theme's text shade is the dark primary, as the server stores it.
      expect(pane.style.getPropertyValue('--brand-300')).toBe('#fdba74');
      expect(within(pane).getByText('Rochester')).toBeInTheDocument();
    }
    expect(screen.getByRole('figure', { name: 'Dark theme preview' })).toContainElement(darkPane);
    expect(document.documentElement.style.getPropertyValue('--brand-600')).not.toBe('#c2410c');

    const light = screen.getByLabelText('Light theme colour');
    await user.clear(light);
    await user.type(light, '#15803d');
    expect(screen.getByTestId('preview-light').style.getPropertyValue('--brand-600')).toBe('#15803d');
  });

  it('refuses a CSV with bad rows naming each, and imports nothing', async () => {
    const { sent } = regionsServer([cornell, rochesterDraft], (server) => ({
      'PUT /api/admin/regions/rochester/places': (init) => {
        (server.sent['PUT /api/admin/regions/rochester/places'] ??= []).push(JSON.parse(String(init?.body)));
        return {
          status: 400,
          body: {
            error: 'The file has 3 bad rows; nothing was imported',
            message: 'The file has 3 bad rows; nothing was imported',
            code: 'PLACES_INVALID',
            details: {
              problems: [
                { row: 3, message: 'the latitude is missing or not a number' },
                { row: 4, message: 'slug "campus" is already on row 2' },
                { row: 5, message: 'latitude 123 is outside -90 to 90' },
              ],
            },
          },
        };
      },
    }));
    renderWithApp(<RegionsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Rochester' }));
    const csv = 'slug,label,lat,lng\ncampus,Campus,43.13,-77.63\nairport,Airport,,-77.67\ncampus,Campus again,43.1,-77.6\nmoon,Moon,123,0\n';
    await user.upload(screen.getByLabelText('Import places from a file'), new File([csv], 'rochester.csv', { type: 'text/csv' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('rochester.csv: The file has 3 bad rows; nothing was imported');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 3: the latitude is missing or not a number',
      'Line 4: slug "campus" is already on row 2',
      'Line 5: latitude 123 is outside -90 to 90',
    ]);
    expect(sent['PUT /api/admin/regions/rochester/places']).toEqual([{ format: 'csv', content: csv }]);
    expect(screen.getByText('No places yet: import a file to add them.')).toBeInTheDocument();
  });

  it('imports a GeoJSON file and lists its places', async () => {
    const { sent } = regionsServer([cornell, rochesterDraft], (server) => ({
      'PUT /api/admin/regions/rochester/places': (init) => {
        (server.sent.places ??= []).push(JSON.parse(String(init?.body)));
        return server.replace({
          ...server.find('rochester'),
          places: [
            { slug: 'campus', label: 'Campus', lat: 43.13, lng: -77.63 },
            { slug: 'airport', label: 'Airport', lat: 43.12, lng: -77.67 },
          ],
        });
      },
    }));
    renderWithApp(<RegionsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Rochester' }));
    const geojson = JSON.stringify({ type: 'FeatureCollection', features: [] });
    await user.upload(screen.getByLabelText('Import places from a file'), new File([geojson], 'places.geojson', { type: 'application/geo+json' }));
    const table = await screen.findByRole('table', { name: 'Places of Rochester' });
    expect(within(table).getByRole('cell', { name: 'Airport' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Places (2)' })).toBeInTheDocument();
    expect(sent.places).toEqual([{ format: 'geojson', content: geojson }]);
  });

  it('publishes a draft with places once confirmed', async () => {
    const withPlaces = { ...rochesterDraft, places: cornell.places };
    const { sent } = regionsServer([cornell, withPlaces]);
    renderWithApp(<RegionsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Rochester' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Publish Rochester?' });
    expect(sent['POST /api/admin/regions/rochester/publish']).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(sent['POST /api/admin/regions/rochester/publish']).toEqual([undefined]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // A live region is archived next, with a reason.
    expect(screen.getByRole('form', { name: 'Archive' })).toBeInTheDocument();
  });

  it('archives a live region with a reason, once confirmed', async () => {
    const { sent } = regionsServer([cornell, { ...rochesterDraft, status: 'live' }], (server) => ({
      'POST /api/admin/regions/rochester/archive': (init) => {
        (server.sent.archive ??= []).push(JSON.parse(String(init?.body)));
        return server.replace({ ...server.find('rochester'), status: 'archived' });
      },
    }));
    renderWithApp(<RegionsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Rochester' }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Give a reason for archiving the region.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason for archiving'), 'The student group closed');
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Archive Rochester?' })).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText(/^Archived: no new rides/)).toBeInTheDocument();
    expect(sent.archive).toEqual([{ reason: 'The student group closed' }]);
  });
});

describe('AdminPage at /admin/regions', () => {
  it('opens the Regions section, and a tab moves the address along', async () => {
    regionsServer([cornell], () => ({
      'GET /api/admin/verifications': () => ({ body: { submissions: [], nextBefore: null } }),
      'GET /api/admin/users': () => ({ body: { users: [] } }),
    }));
    const { router } = renderWithApp(<AdminPage />, { path: '/admin/regions' });
    expect(await screen.findByRole('tab', { name: 'Regions', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Cornell' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Users' }));
    expect(screen.getByRole('tab', { name: 'Users', selected: true })).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(await screen.findByText('No user matches.')).toBeInTheDocument();
    // Pointing at the tabs loads every section's code: let it arrive before the file's environment goes.
    await Promise.all([
      import('./verification-queue'),
      import('./reports-queue'),
      import('./audit-log'),
      import('./feedback-inbox'),
      import('./subscribers-panel'),
      import('./sign-in-settings-panel'),
    ]);
  });
});
