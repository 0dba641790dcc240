import { emailDomain, isDomainOrSubdomain } from '@carpool/shared/colleges';
import { PlaceIndex } from '@carpool/shared/place-index';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database, Queryable } from '../../db/client.js';
import { NOTIFY_CHANNELS } from '../../db/notify-channels.js';
import { keepListening } from '../../db/notify-listener.js';
import { AppError } from '../../lib/app-error.js';
import type { ConsoleScope } from '../../plugins/auth.js';
import { buildRegionSnapshot, type RegionEntry, type RegionSnapshot } from './region-registry.js';
import { loadRegionTables } from './regions.repository.js';

/**
 * The regions as this process knows them: read whole at start and again after every change any
 * process commits (startRegionChangeListener), so that a request never reads them from the
 * database (docs/decisions/regions-as-data.md).
 */
export interface RegionDirectory {
  snapshot(): RegionSnapshot;
  /** The region of a slug in any status, or undefined. */
  find(slug: string): RegionEntry | undefined;
  /** Reads the tables again; concurrent calls share one read, and a call during a read gets another after it. */
  reload(): Promise<void>;
  /** The places of a region (none for an unknown one). */
  placesOf(region: string): PlaceIndex;
  /** The live and archived regions' slugs, in the picker's order: where requests may be made. */
  servedSlugs(): readonly string[];
  /** Whether any region has this college. */
  isCollege(slug: string): boolean;
  /** The college of an e-mail address (the school badge, the search's default): the first whose domains match, or null. */
  collegeOfEmail(email: string): string | null;
  /** The first live region in the picker's order: the one of a request that names none (the specification's cornell). */
  defaultRegion(): string;
  /** The regions this address moderates (region_moderators), in the picker's order; none for most people. */
  moderatedRegionsOf(email: string): readonly string[];
}

const NO_PLACES = new PlaceIndex([]);
const NONE: readonly string[] = [];

export async function openRegionDirectory(db: Queryable): Promise<RegionDirectory> {
  let current = buildRegionSnapshot(await loadRegionTables(db));
  let running: Promise<void> | null = null;
  let again = false;
  const readOnce = async () => {
    current = buildRegionSnapshot(await loadRegionTables(db));
  };
  const reload = (): Promise<void> => {
    if (running) {
      // A change committed while the read ran may not be in it: read once more after.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await readOnce();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return {
    snapshot: () => current,
    find: (slug) => current.bySlug.get(slug),
    reload,
    placesOf: (region) => current.bySlug.get(region)?.places ?? NO_PLACES,
    defaultRegion: () => current.live[0]?.slug ?? '',
    moderatedRegionsOf: (email) => current.moderatedBy.get(email.trim().toLowerCase()) ?? NONE,
    servedSlugs: () => current.served,
    isCollege: (slug) => current.colleges.has(slug),
    collegeOfEmail: (email) => {
      const domain = emailDomain(email);
      if (!domain) return null;
      for (const [slug, college] of current.colleges) {
        if (college.emailDomains.some((allowed) => isDomainOrSubdomain(domain, allowed))) return slug;
      }
      return null;
    },
  };
}

/** "from Ithaca to New York City": a ride's or a segment's places in the texts of notifications, by its region's labels. */
export function routeText(directory: Pick<RegionDirectory, 'placesOf'>, region: string, segment: { fromPlace: string; toPlace: string }): string {
  const places = directory.placesOf(region);
  return `from ${places.label(segment.fromPlace)} to ${places.label(segment.toPlace)}`;
}

/** How a region presents itself outside the web app (e-mails, the installed app): name, phrase and colours. */
export interface RegionLook {
  slug: string;
  name: string;
  /** "at Cornell". */
  where: string;
  /** The light theme's primary. */
  colour: string;
  /** Its lightest shade. */
  tint: string;
}

/** The look of a region; of the default region for a slug it does not know (a mail is never lost for it). */
export function regionLook(directory: RegionDirectory, region: string): RegionLook {
  const entry = directory.find(region) ?? directory.find(directory.defaultRegion());
  if (!entry) throw new Error(`no region "${region}", and no default region`);
  const { slug, name, where, theme } = entry.summary;
  return { slug, name, where, colour: theme.light, tint: theme.scale['50'] };
}

/**
 * The university domains whose students belong to a region: ALLOWED_EMAIL_DOMAINS when the operator
 * set it (every region), else the region's own. Sign-in and posting read the same rule.
 */
export function regionEmailDomains(directory: RegionDirectory, allowedEverywhere: readonly string[] | null, region: string): readonly string[] {
  return allowedEverywhere ?? directory.find(region)?.emailDomains ?? [];
}

/**
 * The part of the console a region moderator sees (docs/decisions/region-moderators.md): things
 * that happen in their regions (rides, ride requests, ride chats) and the people of those regions,
 * who are those whose address is of a region's domains (regionEmailDomains: who may sign in and
 * post there).
 */
export interface ModerationArea {
  readonly regions: readonly string[];
  /** The domains of the regions' people, lowercase; an address of a subdomain of one is theirs too. */
  readonly emailDomains: readonly string[];
}

/** The moderation area of some regions, from the in-memory directory. */
export function moderationAreaOf(directory: RegionDirectory, allowedEverywhere: readonly string[] | null, regions: readonly string[]): ModerationArea {
  const emailDomains = new Set(regions.flatMap((region) => regionEmailDomains(directory, allowedEverywhere, region)).map((domain) => domain.toLowerCase()));
  return { regions, emailDomains: [...emailDomains] };
}

/** What a console caller sees: null for the whole platform, else the area of the regions they moderate. */
export function consoleAreaOf(deps: { regions: RegionDirectory; config: Pick<Config, 'allowedEmailDomains'> }, scope: ConsoleScope): ModerationArea | null {
  return scope.all ? null : moderationAreaOf(deps.regions, deps.config.allowedEmailDomains, scope.regions);
}

/** Whether a person (by address) is of the area: moderated there. */
export function isEmailInArea(area: ModerationArea, email: string): boolean {
  const domain = emailDomain(email);
  return domain !== '' && area.emailDomains.some((allowed) => isDomainOrSubdomain(domain, allowed));
}

/** Refuses a post (a ride, a ride request) in a region by someone whose address is not of its domains: 403 INVALID_EMAIL_DOMAIN. */
export function assertRegionMember(directory: RegionDirectory, allowedEverywhere: readonly string[] | null, region: string, email: string): void {
  const domains = regionEmailDomains(directory, allowedEverywhere, region);
  const domain = emailDomain(email);
  if (!domains.some((allowed) => isDomainOrSubdomain(domain, allowed))) {
    throw new AppError('INVALID_EMAIL_DOMAIN', `Only students of ${directory.find(region)?.summary.name ?? region} post here. Accepted domains: ${domains.join(', ')}.`);
  }
}

/** Refuses something new (a ride, a ride request) in an archived region: 409 REGION_ARCHIVED. */
export function assertRegionOpen(directory: RegionDirectory, region: string): void {
  const entry = directory.find(region);
  if (entry?.summary.status === 'archived') {
    throw new AppError('REGION_ARCHIVED', `${entry.summary.name} is archived: it takes no new rides or ride requests. What you have there stays yours to read and export.`);
  }
}

/**
 * Reloads the directory whenever any process changes a region (migration 0019's triggers NOTIFY
 * at commit). After the listening connection was lost, it reloads once it listens again, so a
 * change made meanwhile is not missed. Returns a stop function.
 */
export function startRegionChangeListener(deps: { database: Database; directory: RegionDirectory; log: FastifyBaseLogger }): () => Promise<void> {
  const { directory, log } = deps;
  const reload = () =>
    directory.reload().catch((error: unknown) => log.warn({ err: error }, 'regions: reading the changed regions failed; the ones known are kept'));
  return keepListening({
    database: deps.database,
    channel: NOTIFY_CHANNELS.regionsChanged,
    log,
    name: 'regions',
    onNotify: () => void reload(),
    onListening: (afterLoss) => (afterLoss ? reload() : undefined),
  });
}
