import type { Locator } from 'playwright-core';
import { AppPage } from './app.page.ts';

/** Session history, /history and /session/history. */
export class HistoryPage extends AppPage {
  static readonly path = '/history';

  async open(): Promise<void> {
    await this.goto(HistoryPage.path);
  }

  /** The list row showing this session (its id's first 8 characters), a list item or a table row. */
  row(sessionId: string): Locator {
    const shortId = sessionId.slice(0, 8);
    return this.page.getByRole('listitem').or(this.page.getByRole('row')).filter({ hasText: shortId });
  }

  /** The row's 'View' action (to /session/view/{id}), a link or a button. */
  view(sessionId: string): Locator {
    const row = this.row(sessionId);
    return row
      .getByRole('link', { name: 'View', exact: true })
      .or(row.getByRole('button', { name: 'View', exact: true }));
  }
}

/** Conversation replay, /session/view/{id}. */
export class ReplayPage extends AppPage {
  get title(): Locator {
    return this.heading('Conversation Replay');
  }

  get backToHistory(): Locator {
    return this.page.getByRole('link', { name: 'Back to History', exact: true });
  }
}
