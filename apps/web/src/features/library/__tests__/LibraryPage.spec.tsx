import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fixtures';
import { renderApp, testSession } from '../../../test/renderApp';
import { favoritesKey } from '../useFavorites';
import { libraryScenarios, scenario, stubScenarioApi } from './fixtures';

async function openLibrary(entry = '/library') {
  const view = renderApp(entry, { storedSession: testSession });
  await screen.findByRole('heading', { level: 1, name: 'Scenario Library' }, { timeout: 5000 });
  await screen.findByText('6 scenarios found');
  return view;
}

const titles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

const search = (value: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search scenarios' }), { target: { value } });

const tagGroup = () => screen.getByRole('group', { name: 'Filter by tag' });

describe('/library', () => {
  it('lists every scenario with its badge, tags, time, roles and Practice Now link', async () => {
    stubScenarioApi();
    await openLibrary();
    expect(titles()).toEqual(libraryScenarios.map((s) => s.title));
    const card = screen.getByRole('article', { name: 'Calm an Angry Customer' });
    expect(within(card).getByText('Intermediate').className).toContain('scenario-badge--intermediate');
    expect(
      within(within(card).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['customer service', 'retail', 'money']);
    expect(within(card).getByText('5-10 min')).toBeTruthy();
    expect(within(card).getByText('You: Support Agent | AI: Customer')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Practice Now' }).getAttribute('href')).toBe(
      '/scenario/angry-customer',
    );
  });

  it('shows premium scenarios locked, with a link to /upgrade instead of Practice Now', async () => {
    stubScenarioApi();
    await openLibrary();
    const locked = screen.getByRole('article', { name: 'Brief the Board on a Crisis' });
    expect(within(locked).getByText('Premium')).toBeTruthy();
    expect(within(locked).getAllByText('🔒').length).toBeGreaterThan(0);
    expect(within(locked).queryByRole('link', { name: 'Practice Now' })).toBeNull();
    expect(within(locked).getByRole('link', { name: 'Upgrade to Practice' }).getAttribute('href')).toBe(
      '/upgrade',
    );
    const open = screen.getByRole('article', { name: 'Ask for a Raise' });
    expect(within(open).queryByText('Premium')).toBeNull();
  });

  it('shows a premium scenario unlocked for a premium user', async () => {
    stubScenarioApi({
      scenarios: [scenario({ id: 'p', title: 'Premium One', premium: true, locked: false })],
    });
    renderApp('/library', { storedSession: testSession });
    const card = await screen.findByRole('article', { name: 'Premium One' });
    expect(within(card).getByText('Premium')).toBeTruthy();
    expect(within(card).queryByText('🔒')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Practice Now' }).getAttribute('href')).toBe('/scenario/p');
  });

  it('searches title, description and tags, ignoring case', async () => {
    stubScenarioApi();
    await openLibrary();
    search('RAISE');
    await screen.findByText('1 scenario found');
    expect(titles()).toEqual(['Ask for a Raise']);

    search('arrived BROKEN');
    await waitFor(() => expect(titles()).toEqual(['Calm an Angry Customer']));

    search('Phone');
    await waitFor(() => expect(titles()).toEqual(['Cold Call a Prospect']));
    expect(screen.getByText('1 scenario found')).toBeTruthy();

    search('executive');
    await screen.findByText('2 scenarios found');
    expect(titles()).toEqual(['Brief the Board on a Crisis', 'Pitch to the Executive Team']);
  });

  it('combines the search text AND the selected tag', async () => {
    stubScenarioApi();
    await openLibrary();
    const money = within(tagGroup()).getByRole('button', { name: 'money' });
    fireEvent.click(money);
    await screen.findByText('3 scenarios found');
    expect(money.getAttribute('aria-pressed')).toBe('true');
    expect(within(tagGroup()).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(titles()).toEqual(['Ask for a Raise', 'Calm an Angry Customer', 'Pitch to the Executive Team']);

    search('EXECUTIVE');
    await screen.findByText('1 scenario found');
    expect(titles()).toEqual(['Pitch to the Executive Team']);

    fireEvent.click(within(tagGroup()).getByRole('button', { name: 'All' }));
    await screen.findByText('2 scenarios found');
    expect(titles()).toEqual(['Brief the Board on a Crisis', 'Pitch to the Executive Team']);
  });

  it("shows 'All' and the six most used tags as chips, the rest under More", async () => {
    stubScenarioApi();
    await openLibrary();
    const chips = within(tagGroup())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(chips).toEqual([
      'All',
      'money',
      'executive',
      'leadership',
      'sales',
      'crisis',
      'customer service',
      'More ▾',
    ]);
    const more = within(tagGroup()).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-haspopup')).toBe('listbox');
    expect(more.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(more);
    const list = screen.getByRole('listbox', { name: 'More tags' });
    const box = screen.getByRole('combobox', { name: 'Search tags' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['manager', 'networking', 'phone', 'retail', 'salary negotiation', 'team meeting']);
    expect(screen.getByText('6 tags')).toBeTruthy();

    // Keyboard: the first option is active, ArrowDown moves, typing narrows, Enter picks and closes.
    const activeText = () => document.getElementById(box.getAttribute('aria-activedescendant')!)?.textContent;
    expect(activeText()).toBe('manager');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(activeText()).toBe('networking');
    fireEvent.keyDown(box, { key: 'PageDown' });
    expect(activeText()).toBe('team meeting');
    fireEvent.change(box, { target: { value: 'T' } });
    // Those that start with it first, then those that contain it.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['team meeting', 'networking', 'retail', 'salary negotiation']);
    fireEvent.change(box, { target: { value: 'ret' } });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['retail']);
    expect(activeText()).toBe('retail');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(more);
    await screen.findByText('1 scenario found');
    expect(titles()).toEqual(['Calm an Angry Customer']);
    // The picked tag shows as a pressed chip; pressing it again goes back to All.
    const picked = within(tagGroup()).getByRole('button', { name: 'retail' });
    expect(picked.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(picked);
    await screen.findByText('6 scenarios found');
  });

  it('closes the More list on Escape and on a click outside, without choosing', async () => {
    stubScenarioApi();
    await openLibrary();
    const more = within(tagGroup()).getByRole('button', { name: 'More' });
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    expect(screen.getByRole('listbox', { name: 'More tags' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search tags' }), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(more);

    fireEvent.click(more);
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('6 scenarios found')).toBeTruthy();

    fireEvent.click(more);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'phone' }));
    await screen.findByText('1 scenario found');
    expect(titles()).toEqual(['Cold Call a Prospect']);
  });

  it('switches between grid and list view and keeps the choice in the address', async () => {
    stubScenarioApi();
    const { router } = await openLibrary();
    const grid = screen.getByRole('button', { name: 'Grid view' });
    const list = screen.getByRole('button', { name: 'List view' });
    const cards = () => screen.getAllByRole('article')[0]!.closest('ul')!;
    expect(grid.getAttribute('aria-pressed')).toBe('true');
    expect(cards().className).toContain('library__cards--grid');
    fireEvent.click(list);
    await waitFor(() => expect(cards().className).toContain('library__cards--list'));
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(grid.getAttribute('aria-pressed')).toBe('false');
    expect(router.state.location.search).toBe('?view=list');
    fireEvent.click(grid);
    await waitFor(() => expect(cards().className).toContain('library__cards--grid'));
  });

  it('restores the filter from the address', async () => {
    stubScenarioApi();
    renderApp('/library?q=call&tag=sales', { storedSession: testSession });
    await screen.findByText('1 scenario found');
    expect(titles()).toEqual(['Cold Call a Prospect']);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('call');
  });

  it('shows a tapped chip pressed at once, ends on the last of quick taps, and follows the address when it changes elsewhere', async () => {
    stubScenarioApi();
    const { router } = await openLibrary();
    const chip = (name: string) => within(tagGroup()).getByRole('button', { name });
    const [first, second] = within(tagGroup())
      .getAllByRole('button')
      .slice(1, 3)
      .map((b) => b.textContent!);
    fireEvent.click(chip(first!));
    // Pressed in the same render as the tap, before the list or the address have followed.
    expect(chip(first!).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip(second!));
    expect(chip(second!).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(router.state.location.search).toBe(`?tag=${encodeURIComponent(second!)}`));
    expect(chip(second!).getAttribute('aria-pressed')).toBe('true');
    expect(chip(first!).getAttribute('aria-pressed')).toBe('false');
    // A link elsewhere (or Back) changes the address: the controls and the list take it.
    await router.navigate('/library?favorites=1');
    await waitFor(() => expect(chip('All').getAttribute('aria-pressed')).toBe('true'));
    expect((screen.getByLabelText('Favorites only') as HTMLInputElement).checked).toBe(true);
  });

  it('keeps favourites per user in localStorage, across visits', async () => {
    stubScenarioApi();
    const first = await openLibrary();
    const heart = screen.getByRole('button', { name: 'Favorite Run the Stand-up' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem(favoritesKey(testSession.user.id))!)).toEqual(['run-the-standup']);

    // Favorites only narrows the list to the hearts.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Favorites only' }));
    await screen.findByText('1 scenario found');
    expect(titles()).toEqual(['Run the Stand-up']);
    first.unmount();

    // Another visit by the same user finds the heart still set.
    await openLibrary();
    expect(
      screen.getByRole('button', { name: 'Favorite Run the Stand-up' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Favorite Run the Stand-up' }));
    expect(JSON.parse(localStorage.getItem(favoritesKey(testSession.user.id))!)).toEqual([]);
  });

  it("does not show another user's favourites", async () => {
    localStorage.setItem(favoritesKey('someone-else'), JSON.stringify(['run-the-standup']));
    stubScenarioApi();
    await openLibrary();
    expect(
      screen.getByRole('button', { name: 'Favorite Run the Stand-up' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it("shows 'No scenarios found' and clears every filter with 'Clear all filters'", async () => {
    stubScenarioApi();
    const { router } = await openLibrary();
    fireEvent.click(within(tagGroup()).getByRole('button', { name: 'leadership' }));
    search('zebra crossing');
    expect(await screen.findByRole('heading', { name: 'No scenarios found' })).toBeTruthy();
    expect(screen.getByText('Try adjusting your search terms or filters')).toBeTruthy();
    expect(screen.getByText('0 scenarios found')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await screen.findByText('6 scenarios found');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(within(tagGroup()).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('filters by category', async () => {
    stubScenarioApi();
    await openLibrary();
    const select = screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual([
      'All categories',
      'Salary Negotiation',
      'Customer Service',
      'Team Meetings',
      'Sales',
      'Crisis Management',
      'Executive Communication',
    ]);
    fireEvent.change(select, { target: { value: 'sales' } });
    await screen.findByText('1 scenario found');
    expect(titles()).toEqual(['Cold Call a Prospect']);
  });

  it('says so, with Try Again, when the list cannot be loaded', async () => {
    let fail = true;
    stubScenarioApi({ listResponse: () => (fail ? json({ error: 'down' }, 503) : json(libraryScenarios)) });
    renderApp('/library', { storedSession: testSession });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load scenarios.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByText('6 scenarios found');
  });
  it('shows 24 cards of 224 at first, 24 more on each Show more, and the first page again on a new filter', async () => {
    const many = Array.from({ length: 224 }, (_, i) =>
      scenario({ id: `s-${i}`, title: `Scenario ${i}`, tags: [i % 2 ? 'odd' : 'even'] }),
    );
    stubScenarioApi({ scenarios: many });
    renderApp('/library', { storedSession: testSession });
    await screen.findByText('224 scenarios found', undefined, { timeout: 5000 });
    expect(titles()).toHaveLength(24);
    expect(titles()[23]).toBe('Scenario 23');
    expect(screen.getByText('Showing 24 of 224')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show 24 more' }));
    await waitFor(() => expect(titles()).toHaveLength(48));
    expect(screen.getByText('Showing 48 of 224')).toBeTruthy();
    // The first card added takes the focus.
    await waitFor(() =>
      expect(document.activeElement?.closest('article')?.getAttribute('aria-labelledby')).toBe(
        screen.getByRole('heading', { name: 'Scenario 24' }).id,
      ),
    );

    fireEvent.click(within(tagGroup()).getByRole('button', { name: 'odd' }));
    await screen.findByText('112 scenarios found');
    expect(titles()).toHaveLength(24);
    expect(titles()[0]).toBe('Scenario 1');
    expect(screen.getByText('Showing 24 of 112')).toBeTruthy();

    search('Scenario 22');
    // 22 and 220-223, of the odd ones: 221, 223; the last page says no more.
    await screen.findByText('2 scenarios found');
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('renders at most 50 of many tags in the picker and finds the others by typing', async () => {
    const tags = Array.from({ length: 285 }, (_, i) => `tag ${String(i).padStart(3, '0')}`);
    stubScenarioApi({
      scenarios: tags.map((t, i) => scenario({ id: `s-${i}`, title: `Scenario ${i}`, tags: [t] })),
    });
    renderApp('/library', { storedSession: testSession });
    await screen.findByText('285 scenarios found', undefined, { timeout: 5000 });
    fireEvent.click(within(tagGroup()).getByRole('button', { name: 'More' }));
    const list = screen.getByRole('listbox', { name: 'More tags' });
    expect(within(list).getAllByRole('option')).toHaveLength(50);
    expect(screen.getByText('50 of 279 tags: type to narrow')).toBeTruthy();

    const box = screen.getByRole('combobox', { name: 'Search tags' });
    fireEvent.change(box, { target: { value: 'tag 28' } });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['tag 280', 'tag 281', 'tag 282', 'tag 283', 'tag 284']);
    fireEvent.change(box, { target: { value: 'nothing like it' } });
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No tags match')).toBeTruthy();
    fireEvent.change(box, { target: { value: '284' } });
    fireEvent.click(within(list).getByRole('option', { name: 'tag 284' }));
    await screen.findByText('1 scenario found');
    expect(titles()).toEqual(['Scenario 284']);
  });
});
