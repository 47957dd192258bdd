import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ALL_TAGS, byName, VISIBLE_TAG_CHIPS } from '../libraryFilter';

export interface TagFilterProps {
  /** Every tag, in the order the chips take (the first six become chips). */
  tags: readonly string[];
  /** The selected tag, or ALL_TAGS. */
  selected: string;
  onSelect: (tag: string) => void;
}

/** 'All' plus the first six tags as toggle chips; the rest under a More dropdown (spec sections 2 and 9). */
export function TagFilter({ tags, selected, onSelect }: TagFilterProps) {
  const chips = tags.slice(0, VISIBLE_TAG_CHIPS);
  // Alphabetical, so a long list can be scanned (and typed into) like an index.
  const more = useMemo(() => tags.slice(VISIBLE_TAG_CHIPS).sort(byName), [tags]);
  const selectedFromMore = selected !== ALL_TAGS && !chips.includes(selected) ? selected : null;
  // A chip that is on goes back to 'All' when pressed again.
  const toggle = (tag: string) => onSelect(tag === selected ? ALL_TAGS : tag);

  return (
    <div className="tag-filter" role="group" aria-label="Filter by tag">
      <button
        type="button"
        className="tag-chip"
        aria-pressed={selected === ALL_TAGS}
        onClick={() => onSelect(ALL_TAGS)}
      >
        All
      </button>
      {chips.map((tag) => (
        <button
          key={tag}
          type="button"
          className="tag-chip"
          aria-pressed={selected === tag}
          onClick={() => toggle(tag)}
        >
          {tag}
        </button>
      ))}
      {selectedFromMore ? (
        <button type="button" className="tag-chip" aria-pressed onClick={() => toggle(selectedFromMore)}>
          {selectedFromMore}
        </button>
      ) : null}
      {more.length > 0 ? <MoreTags options={more} selected={selected} onSelect={onSelect} /> : null}
    </div>
  );
}

const PAGE_STEP = 10;
/** Options the picker renders at once; typing narrows the rest (285 tags would be a wall). */
export const TAG_PICKER_LIMIT = 50;

/** Tags that contain `query` (ignoring case), those that start with it first; all of them when empty. */
export function matchTags(options: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...options];
  const starts: string[] = [];
  const contains: string[] = [];
  for (const tag of options) {
    const lower = tag.toLowerCase();
    if (lower.startsWith(q)) starts.push(tag);
    else if (lower.includes(q)) contains.push(tag);
  }
  return [...starts, ...contains];
}

/**
 * A button that opens a searchable tag picker: a combobox (type to narrow, arrows, Page Up/Down, Enter,
 * Escape) over a listbox of the matching tags, at most TAG_PICKER_LIMIT of them at once.
 */
function MoreTags({
  options,
  selected,
  onSelect,
}: {
  options: readonly string[];
  selected: string;
  onSelect: (tag: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hintId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const matches = useMemo(() => matchTags(options, query), [options, query]);
  const shown = matches.length > TAG_PICKER_LIMIT ? matches.slice(0, TAG_PICKER_LIMIT) : matches;

  const show = () => {
    setQuery('');
    setActive(Math.max(0, Math.min(TAG_PICKER_LIMIT - 1, options.indexOf(selected))));
    setOpen(true);
  };
  const hide = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (tag: string) => {
    onSelect(tag);
    hide(true);
  };

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // A press anywhere outside closes it.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listId]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
    }
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, index)));
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(active + 1);
      case 'ArrowUp':
        return move(active - 1);
      case 'PageDown':
        return move(active + PAGE_STEP);
      case 'PageUp':
        return move(active - PAGE_STEP);
      case 'Enter': {
        event.preventDefault();
        const tag = shown[active];
        if (tag !== undefined) choose(tag);
        return;
      }
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return hide(true);
      case 'Tab':
        return hide(false);
      default:
        return undefined;
    }
  };

  const activeTag = shown[active];
  return (
    <div className="tag-more" ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className="tag-chip tag-more__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => (open ? hide(false) : show())}
        onKeyDown={onButtonKeyDown}
      >
        More <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          className="tag-more__panel"
          onBlur={(event) => {
            if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <input
            ref={inputRef}
            className="pw-input tag-more__search"
            type="text"
            role="combobox"
            aria-label="Search tags"
            aria-autocomplete="list"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={activeTag !== undefined ? optionId(active) : undefined}
            aria-describedby={hintId}
            placeholder="Search tags..."
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onInputKeyDown}
          />
          <p id={hintId} className="tag-more__hint" role="status">
            {tagCountText(shown.length, matches.length)}
          </p>
          <ul id={listId} className="tag-more__list" role="listbox" aria-label="More tags">
            {shown.map((tag, index) => (
              <li
                key={tag}
                id={optionId(index)}
                role="option"
                aria-selected={tag === selected}
                className={index === active ? 'tag-more__option is-active' : 'tag-more__option'}
                // Keeps the focus in the search box, so the blur above does not close the picker first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(tag)}
                onMouseMove={() => {
                  if (index !== active) setActive(index);
                }}
              >
                {tag}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** '12 tags', '50 of 285 tags: type to narrow', 'No tags match'. */
export function tagCountText(shown: number, matching: number): string {
  if (matching === 0) return 'No tags match';
  if (shown < matching) return `${shown} of ${matching} tags: type to narrow`;
  return `${matching} ${matching === 1 ? 'tag' : 'tags'}`;
}
