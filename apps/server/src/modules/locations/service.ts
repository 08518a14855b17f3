import {
  API_MESSAGES,
  LOCATION_MAX_DEPTH,
  LOCATION_MESSAGES,
  LOCATION_SAID,
  type Said,
  type TLocation,
  type TLocationNode,
  type TLocationOption,
  type ZCreateLocationBody,
  type ZUpdateLocationBody,
} from '@mqr/contracts';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, fieldError, invalidField } from '#server/lib/app-error.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { locationPublicUrl, locationQrCodeUrl } from '#server/lib/public-urls.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { generateSlug } from '#server/lib/slug.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { type AuditRecord, type AuditSource, diffChanges, recordAudit } from '../audit-logs/index.ts';
import { recordAssetMoves } from './moves.ts';
import {
  type Anchor,
  anchorOf,
  carryRollups,
  clashingChildNames,
  deepestIn,
  deleteLocationRow,
  findAncestors,
  findChildByName,
  findChildIds,
  findChildren,
  findHoldings,
  findLocation,
  findLocationWithCounts,
  fullPathUnder,
  insertLocationUnlessSlugTaken,
  type LocationRow,
  type LocationWithCounts,
  type OptionRow,
  pathIds,
  rehangSubtrees,
  searchLocations,
  TOP_ANCHOR,
  updateLocationDetails,
} from './queries.ts';

/** Who acts, from where, and what today is in their organization (the counts' overdue and due soon). */
export interface LocationContext {
  actor: AuthUser;
  ipAddress: string;
  publicBaseUrl: string;
  today: string;
}

const SLUG_ATTEMPTS = 10;
/** The sibling-name index: a save that breaks it (a race past the check) is a 409 too. */
const NAME_INDEX = 'locations_org_parent_name_unique';

/** Where a location is and what it is called: what a type-ahead answers, and every row of the tree. */
function toLocationOption(row: OptionRow): TLocationOption {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    parentId: row.parentId,
    path: row.fullPath,
    depth: row.depth,
  };
}

export function toLocationNode(row: LocationWithCounts): TLocationNode {
  return {
    ...toLocationOption(row),
    childCount: row.childCount,
    counts: { assets: row.assets, openTasks: row.openTasks, overdue: row.overdue, dueSoon: row.dueSoon },
  };
}

/** NOT_FOUND for a location of another organization (or none) named by a field of the body. */
export const locationNotFound = (field?: string) => {
  const said = API_MESSAGES.notFound('Location');
  return new AppError('NOT_FOUND', said, field ? { fields: [fieldError(field, said)] } : {});
};

const nameTaken = (field: string) =>
  new AppError('CONFLICT', LOCATION_MESSAGES.nameTaken, {
    fields: [fieldError(field, LOCATION_MESSAGES.nameTaken)],
  });

const refused = (field: string, message: string | Said) => invalidField(field, message);

/** Runs a save (its whole transaction), answering 409 when a sibling took the name meanwhile. */
async function savingName<T>(field: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw nameTaken(field);
    throw error;
  }
}

/**
 * Holds the organization's tree while its shape changes (a location made, renamed, moved or deleted):
 * two moves at once could each pass the cycle check and make a cycle together. FOR NO KEY UPDATE lets
 * the foreign keys' share locks of other writes through.
 */
export async function lockTree(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select 1 from organizations where id = ${organizationId} for no key update`);
}

/** A location of the organization named by a field of the body; 404 on that field otherwise. */
async function locationOfField(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  field: string,
  lock?: 'update' | 'share',
): Promise<LocationRow> {
  const row = isUuid(id) ? await findLocation(tx, organizationId, id, lock) : undefined;
  if (!row) throw locationNotFound(field);
  return row;
}

/** A location of the organization by its id (a route's); 404 otherwise. */
export function getLocationRow(db: DbOrTx, organizationId: string, id: string): Promise<LocationRow> {
  return locationById(db, organizationId, id);
}

async function locationById(tx: DbOrTx, organizationId: string, id: string, lock?: 'update' | 'share') {
  const row = isUuid(id) ? await findLocation(tx, organizationId, id, lock) : undefined;
  if (!row) throw locationNotFound();
  return row;
}

function audit(context: Pick<LocationContext, 'actor' | 'ipAddress'>, row: LocationRow) {
  return {
    organizationId: row.organizationId,
    actor: context.actor,
    ipAddress: context.ipAddress,
    entityType: 'Location',
    entityId: row.id,
    entityName: row.fullPath.slice(0, 255),
  } satisfies Partial<AuditRecord>;
}

/** A location with its counts, ancestors and QR code, as GET /api/locations/{id} answers it. */
export async function getLocation(
  db: DbOrTx,
  organizationId: string,
  id: string,
  context: Pick<LocationContext, 'publicBaseUrl' | 'today'>,
): Promise<TLocation> {
  // By its id, or by the slug its QR code carries (a staff member who scans a room's code).
  const row = await findLocationWithCounts(
    db,
    organizationId,
    isUuid(id) ? { id } : { slug: id },
    context.today,
  );
  if (!row) throw locationNotFound();
  const ancestors = await findAncestors(db, organizationId, row.path);
  return {
    ...toLocationNode(row),
    slug: row.slug,
    address: row.address,
    notes: row.notes,
    ancestors,
    directAssets: row.ownAssets,
    qrCodeUrl: locationQrCodeUrl(row.id),
    publicUrl: locationPublicUrl(context.publicBaseUrl, row.organizationId, row.slug),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One level of the tree: the locations right below `parentId` (undefined: the top ones), by name. */
export async function listChildren(
  db: DbOrTx,
  organizationId: string,
  parentId: string | undefined,
  paging: { page: number; pageSize: number },
  today: string,
): Promise<{ items: TLocationNode[]; total: number }> {
  if (parentId !== undefined) await locationById(db, organizationId, parentId);
  const { rows, total } = await findChildren(
    db,
    organizationId,
    parentId ?? null,
    { offset: (paging.page - 1) * paging.pageSize, limit: paging.pageSize },
    today,
  );
  return { items: rows.map(toLocationNode), total };
}

/** The type-ahead over full paths: every word of `q` in the path, the shallowest first. */
export async function searchLocationOptions(
  db: DbOrTx,
  organizationId: string,
  q: string,
  limit: number,
): Promise<TLocationOption[]> {
  const words = q.split(/[\s/>]+/).filter((word) => word !== '');
  if (words.length === 0) return [];
  const rows = await searchLocations(db, organizationId, words.slice(0, 10), limit);
  return rows.map(toLocationOption);
}

/** Who makes a location: its organization, the user (null: the system) and the import, if one does. */
export interface LocationMaker {
  organizationId: string;
  userId: string | null;
  importId?: string;
}

/** Inserts a location below `parent` (null: at the top) under a free slug made from its name. */
export async function insertLocation(
  tx: DbOrTx,
  maker: LocationMaker,
  parent: Pick<LocationRow, 'id' | 'path' | 'fullPath' | 'depth'> | null,
  details: { name: string; code: string | null; address: string | null; notes: string | null },
): Promise<LocationRow> {
  const anchor: Anchor = parent ? anchorOf(parent) : TOP_ANCHOR;
  const id = uuidv7();
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const created = await insertLocationUnlessSlugTaken(tx, {
      id,
      organizationId: maker.organizationId,
      parentId: parent?.id ?? null,
      ...details,
      slug: generateSlug(details.name, 'location'),
      path: `${anchor.path}${id}/`,
      depth: anchor.depth + 1,
      fullPath: fullPathUnder(anchor, details.name),
      importId: maker.importId ?? null,
      createdById: maker.userId,
      updatedById: maker.userId,
    });
    if (created) return created;
  }
  throw new Error('Could not find a free slug for the location.');
}

const makerOf = (context: LocationContext): LocationMaker => ({
  organizationId: context.actor.organizationId,
  userId: context.actor.id,
});

type CreateLocationInput = z.output<typeof ZCreateLocationBody>;
type UpdateLocationInput = z.output<typeof ZUpdateLocationBody>;

/** Creates a location below `parentId` (a location of the organization) or at the top. */
export async function createLocation(
  db: Db,
  context: LocationContext,
  body: CreateLocationInput,
): Promise<TLocation> {
  const organizationId = context.actor.organizationId;
  const row = await savingName('name', () =>
    db.transaction(async (tx) => {
      await lockTree(tx, organizationId);
      const parent = body.parentId
        ? await locationOfField(tx, organizationId, body.parentId, 'parentId')
        : null;
      if (parent && parent.depth >= LOCATION_MAX_DEPTH) throw refused('parentId', LOCATION_MESSAGES.tooDeep);
      if (await findChildByName(tx, organizationId, parent?.id ?? null, body.name)) throw nameTaken('name');
      const created = await insertLocation(tx, makerOf(context), parent, {
        name: body.name,
        code: body.code ?? null,
        address: body.address ?? null,
        notes: body.notes ?? null,
      });
      await recordAudit(tx, { ...audit(context, created), action: 'CREATE', changes: { created: true } });
      return created;
    }),
  );
  return getLocation(db, organizationId, row.id, context);
}

/**
 * The location at the end of a path of names, each level found by its name below the one before
 * (whatever its case) or created there: what an import's location column and API clients use.
 */
export async function ensureLocationPath(
  db: Db,
  context: LocationContext,
  names: readonly string[],
): Promise<{ location: TLocation; created: boolean }> {
  const organizationId = context.actor.organizationId;
  const { leaf, created } = await savingName('path', () =>
    db.transaction(async (tx) => {
      await lockTree(tx, organizationId);
      let parent: LocationRow | null = null;
      let made = false;
      for (const name of names) {
        const found: LocationRow | undefined = await findChildByName(
          tx,
          organizationId,
          parent?.id ?? null,
          name,
        );
        if (found) {
          parent = found;
          continue;
        }
        const row = await insertLocation(tx, makerOf(context), parent, {
          name,
          code: null,
          address: null,
          notes: null,
        });
        await recordAudit(tx, { ...audit(context, row), action: 'CREATE', changes: { created: true } });
        parent = row;
        made = true;
      }
      return { leaf: parent!, created: made };
    }),
  );
  return { location: await getLocation(db, organizationId, leaf.id, context), created };
}

/** The details an update writes: what was sent, the rest kept. */
function detailsOf(current: LocationRow, body: UpdateLocationInput) {
  return {
    name: body.name,
    code: body.code === undefined ? current.code : body.code,
    address: body.address === undefined ? current.address : body.address,
    notes: body.notes === undefined ? current.notes : body.notes,
  };
}

/** Renames a location and writes its code, address and notes; a new name renames its subtree's paths. */
export async function updateLocation(
  db: Db,
  context: LocationContext,
  id: string,
  body: UpdateLocationInput,
): Promise<TLocation> {
  const organizationId = context.actor.organizationId;
  await savingName('name', () =>
    db.transaction(async (tx) => {
      await lockTree(tx, organizationId);
      const current = await locationById(tx, organizationId, id, 'update');
      const details = detailsOf(current, body);
      if (details.name.toLowerCase() !== current.name.toLowerCase()) {
        const clash = await findChildByName(tx, organizationId, current.parentId, details.name);
        if (clash && clash.id !== current.id) throw nameTaken('name');
      }
      const changes = diffChanges(
        { name: current.name, code: current.code, address: current.address, notes: current.notes },
        details,
      );
      if (Object.keys(changes).length === 0) return;
      const parent = current.parentId ? await findLocation(tx, organizationId, current.parentId) : undefined;
      const newFullPath = fullPathUnder(parent ? anchorOf(parent) : TOP_ANCHOR, details.name);
      await updateLocationDetails(tx, current, { ...details, updatedById: context.actor.id }, newFullPath);
      await recordAudit(tx, { ...audit(context, current), action: 'UPDATE', changes: { changes } });
    }),
  );
  return getLocation(db, organizationId, id, context);
}

/**
 * Moves a location, with everything below it, under `parentId` (null: to the top): refused into
 * itself or below itself (a cycle), past LOCATION_MAX_DEPTH, or beside a sibling of the same name.
 * Its subtree's paths are rewritten in one statement, its rolled-up tallies carried from its old
 * ancestors to its new ones (ADR 122); its assets stay where they are, so no asset move is recorded.
 */
export async function moveLocation(
  db: Db,
  context: LocationContext,
  id: string,
  parentId: string | null,
): Promise<TLocation> {
  const organizationId = context.actor.organizationId;
  await savingName('parentId', () =>
    db.transaction(async (tx) => {
      await lockTree(tx, organizationId);
      const node = await locationById(tx, organizationId, id, 'update');
      const parent = parentId
        ? await locationOfField(tx, organizationId, parentId, 'parentId', 'share')
        : null;
      if (parent?.path.startsWith(node.path)) {
        throw refused('parentId', LOCATION_MESSAGES.moveIntoItself);
      }
      if ((node.parentId ?? null) === (parent?.id ?? null)) return;
      const oldParent = node.parentId ? await findLocation(tx, organizationId, node.parentId) : undefined;
      const from = oldParent ? anchorOf(oldParent) : TOP_ANCHOR;
      const to = parent ? anchorOf(parent) : TOP_ANCHOR;
      const deepest = await deepestIn(tx, organizationId, node.path);
      if (deepest - from.depth + to.depth > LOCATION_MAX_DEPTH) {
        throw refused('parentId', LOCATION_MESSAGES.tooDeep);
      }
      if (await findChildByName(tx, organizationId, parent?.id ?? null, node.name))
        throw nameTaken('parentId');
      // The subtree's rows are locked by this rewrite before its tallies are read (ADR 122).
      await rehangSubtrees(tx, organizationId, {
        from,
        to,
        within: node.path,
        fromParentId: node.parentId,
        toParentId: parent?.id ?? null,
      });
      await carryRollups(tx, organizationId, [node.id], pathIds(from.path), pathIds(to.path));
      await recordAudit(tx, {
        ...audit(context, node),
        action: 'MOVE',
        changes: { changes: { parent: { from: oldParent?.fullPath ?? null, to: parent?.fullPath ?? null } } },
      });
    }),
  );
  return getLocation(db, organizationId, id, context);
}

/**
 * Deletes a location. One that holds assets (in service or retired) or locations needs a
 * `destinationId` (a location outside it, or null: the top for its locations and no location for its
 * assets), where they all go first: nothing is lost. Its assets' moves are recorded as any move.
 */
export async function deleteLocation(
  db: Db,
  context: LocationContext,
  id: string,
  destinationId: string | null | undefined,
): Promise<void> {
  const organizationId = context.actor.organizationId;
  const source: AuditSource = { actor: context.actor, ipAddress: context.ipAddress };
  await savingName('destinationId', () =>
    db.transaction(async (tx) => {
      await lockTree(tx, organizationId);
      const node = await locationById(tx, organizationId, id, 'update');
      const holdings = await findHoldings(tx, organizationId, node.id);
      const holdsSomething = holdings.assets + holdings.locations > 0;
      if (holdsSomething && destinationId === undefined) {
        const said = LOCATION_SAID.destinationRequired(holdings.assets, holdings.locations);
        throw new AppError('CONFLICT', said, { fields: [fieldError('destinationId', said)] });
      }
      let destination: LocationRow | null = null;
      if (holdsSomething && destinationId) {
        destination = await locationOfField(tx, organizationId, destinationId, 'destinationId', 'share');
        if (destination.path.startsWith(node.path)) {
          throw refused('destinationId', LOCATION_MESSAGES.destinationInside);
        }
      }
      const to = destination ? anchorOf(destination) : TOP_ANCHOR;
      if (holdings.locations > 0) {
        if ((await clashingChildNames(tx, organizationId, node.id, destination?.id ?? null)).length > 0) {
          throw nameTaken('destinationId');
        }
        const deepest = await deepestIn(tx, organizationId, node.path, node.id);
        if (deepest - node.depth + to.depth > LOCATION_MAX_DEPTH) {
          throw refused('destinationId', LOCATION_MESSAGES.tooDeep);
        }
      }
      const movedAssets =
        holdings.assets > 0 ? await moveAssetsOff(tx, context.actor, node, destination) : [];
      await recordAssetMoves(
        tx,
        organizationId,
        source,
        movedAssets.map((asset) => ({
          ...asset,
          from: { id: node.id, path: node.fullPath },
          to: destination ? { id: destination.id, path: destination.fullPath } : null,
        })),
      );
      if (holdings.locations > 0) {
        const childIds = await findChildIds(tx, organizationId, node.id);
        await rehangSubtrees(tx, organizationId, {
          from: anchorOf(node),
          to,
          within: node.path,
          except: node.id,
          fromParentId: node.id,
          toParentId: destination?.id ?? null,
        });
        await carryRollups(tx, organizationId, childIds, pathIds(node.path), pathIds(to.path));
      }
      await deleteLocationRow(tx, organizationId, node.id);
      await recordAudit(tx, {
        ...audit(context, node),
        action: 'DELETE',
        changes: {
          deleted: true,
          destination: destination?.fullPath ?? null,
          movedAssets: movedAssets.length,
          movedLocations: holdings.locations,
        },
      });
    }),
  );
}

/** Moves every asset at the location itself to `destination` (null: no location); answers which moved. */
async function moveAssetsOff(
  tx: DbOrTx,
  actor: AuthUser,
  node: LocationRow,
  destination: LocationRow | null,
): Promise<{ assetId: string; name: string; slug: string }[]> {
  const result = (await tx.execute(sql`update assets a set location_id = ${destination?.id ?? null}::uuid,
      updated_at = now(), updated_by_id = ${actor.id}
    where a.organization_id = ${node.organizationId} and a.location_id = ${node.id}
    returning a.id as "assetId", a.name, a.slug`)) as unknown as {
    rows: { assetId: string; name: string; slug: string }[];
  };
  return result.rows;
}
