import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import {
  BUILDING_ID,
  location,
  locationNode,
  locationOption,
  PLANT_ID,
  roomNode,
} from '../location-fixtures.ts';

type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const OFFICE_ID = '0193f8a0-0000-7000-8000-00000000010d';
const SITES = [
  locationNode(),
  locationNode({
    id: OFFICE_ID,
    name: 'Office',
    path: 'Office',
    code: 'HQ',
    childCount: 0,
    counts: { assets: 0, openTasks: 0, overdue: 0, dueSoon: 0 },
  }),
];
const BUILDING = locationNode({
  id: BUILDING_ID,
  name: 'Building 2',
  parentId: PLANT_ID,
  path: 'Plant A / Building 2',
  depth: 2,
  childCount: 1,
  counts: { assets: 5, openTasks: 3, overdue: 1, dueSoon: 0 },
});
const ROOM = roomNode();

const level = (nodes: unknown[]) => jsonResponse(nodes, 200, { 'X-Total-Count': String(nodes.length) });

function setup(isAdmin: boolean, extra: Record<string, THandler> = {}) {
  authStore.login(loginResponse({ organizationId: 'org-1', isAdmin }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ isAdmin })),
    '/api/auth/organization': () => jsonResponse({ id: 'org-1', name: 'Acme', logoUrl: null }),
    '/api/locations': (url) => {
      const parent = url.searchParams.get('parentId');
      if (parent === PLANT_ID) return level([BUILDING]);
      if (parent === BUILDING_ID) return level([ROOM]);
      return level(SITES);
    },
    '/api/locations/search': () =>
      jsonResponse([locationOption({ id: OFFICE_ID, name: 'Office', path: 'Office', depth: 1 })]),
    ...extra,
  });
}

const tree = () => screen.getByRole('tree', { name: 'Locations' });
const item = (name: string) => within(tree()).getByRole('treeitem', { name });

describe('the locations screen', () => {
  beforeEach(() => authStore.logout());

  it('shows the tree with rolled-up counts, walked with the keyboard; Enter opens a location', async () => {
    const calls = setup(false);
    const user = userEvent.setup();
    const { router } = renderApp('/locations');
    await screen.findByRole('tree', { name: 'Locations' });
    const plant = item('Plant A');
    expect(plant).toHaveAttribute('aria-level', '1');
    expect(plant).toHaveAttribute('aria-expanded', 'false');
    expect(plant).toHaveAccessibleDescription('12 assets 4 open tasks 2 overdue 1 due soon');
    expect(item('Office')).not.toHaveAttribute('aria-expanded');
    // Members read the tree: no changes offered.
    expect(screen.queryByRole('button', { name: 'Add location' })).not.toBeInTheDocument();

    // One Tab stop: the first node; Right opens it (its level is read then), Right again goes in.
    expect(plant).toHaveAttribute('tabindex', '0');
    expect(item('Office')).toHaveAttribute('tabindex', '-1');
    act(() => plant.focus());
    expect(plant).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Selected: Plant A')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await within(tree()).findByRole('treeitem', { name: 'Building 2' })).toHaveAttribute(
      'aria-level',
      '2',
    );
    expect(plant).toHaveAttribute('aria-expanded', 'true');
    expect(calls.some((call) => call.url.searchParams.get('parentId') === PLANT_ID)).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(item('Building 2')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await within(tree()).findByRole('treeitem', { name: 'Boiler room' });
    await user.keyboard('{ArrowRight}');
    expect(item('Boiler room')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Office')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(plant).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Office')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    // Left from a leaf goes to its parent; again closes it.
    expect(item('Building 2')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item('Building 2')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/locations/${BUILDING_ID}`));
  });

  it('lets an administrator add a location inside the one selected', async () => {
    const bodies: unknown[] = [];
    setup(true, {
      'POST /api/admin/locations': (_url, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(location({ id: OFFICE_ID, name: 'Workshop' }), 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/locations');
    await screen.findByRole('tree', { name: 'Locations' });
    await user.click(item('Plant A'));
    await user.click(screen.getByRole('button', { name: 'Add inside' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a location' });
    expect(within(dialog).getByRole('combobox', { name: 'Inside' })).toHaveValue('Plant A');
    // Not a site: no address.
    expect(within(dialog).queryByLabelText('Address')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Boiler / room');
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(
      within(dialog).getByText('A location name cannot contain / or >: they separate the levels of a path.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Workshop');
    await user.type(within(dialog).getByLabelText('Code'), 'W-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('Workshop added.')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Workshop', code: 'W-1', notes: null, parentId: PLANT_ID }]);
  });

  it('moves a location in its dialog and shows the server’s refusal of a cycle', async () => {
    const moves: unknown[] = [];
    setup(true, {
      [`POST /api/admin/locations/${PLANT_ID}/move`]: (_url, init) => {
        moves.push(JSON.parse(String(init.body)));
        return jsonResponse(
          {
            code: 'CONFLICT',
            message: 'A location cannot be moved into itself or into one of the locations inside it.',
            messageId: 'location.moveIntoItself',
          },
          409,
        );
      },
    });
    const user = userEvent.setup();
    renderApp('/locations');
    await screen.findByRole('tree', { name: 'Locations' });
    await user.click(item('Plant A'));
    await user.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Plant A' });
    const picker = within(dialog).getByRole('combobox', { name: 'New place' });
    await user.type(picker, 'off');
    await screen.findByRole('option', { name: 'Office' });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The location could not be moved. A location cannot be moved into itself or into one of the locations inside it.',
    );
    expect(moves).toEqual([{ parentId: OFFICE_ID }]);
  });

  it('asks where the assets and locations go before deleting a location that holds some', async () => {
    const deletes: unknown[] = [];
    setup(true, {
      [`GET /api/locations/${PLANT_ID}`]: () =>
        jsonResponse(location({ ...locationNode(), ancestors: [], directAssets: 2 })),
      [`DELETE /api/admin/locations/${PLANT_ID}`]: (_url, init) => {
        deletes.push(JSON.parse(String(init.body)));
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp('/locations');
    await screen.findByRole('tree', { name: 'Locations' });
    await user.click(item('Plant A'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Plant A?' });
    expect(
      await within(dialog).findByText(
        'It holds 2 assets and 1 location right inside it. Choose where they go: nothing is lost.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText('Choose where its assets and locations go.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Move its assets and locations to' }));
    await user.click(
      await screen.findByRole('option', { name: 'Top level, and no location for its assets' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Plant A deleted.')).toBeInTheDocument();
    expect(deletes).toEqual([{ destinationId: null }]);
  });

  it('moves a location dragged onto another', async () => {
    const moves: unknown[] = [];
    setup(true, {
      [`POST /api/admin/locations/${OFFICE_ID}/move`]: (_url, init) => {
        moves.push(JSON.parse(String(init.body)));
        return jsonResponse(location({ id: OFFICE_ID, name: 'Office', parentId: PLANT_ID }));
      },
    });
    renderApp('/locations');
    await screen.findByRole('tree', { name: 'Locations' });
    const dataTransfer = { setData: () => {}, effectAllowed: '' };
    fireEvent.dragStart(item('Office'), { dataTransfer });
    const target = item('Plant A').firstElementChild!;
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(await screen.findByText('Office moved to Plant A.')).toBeInTheDocument();
    expect(moves).toEqual([{ parentId: PLANT_ID }]);
  });
});
