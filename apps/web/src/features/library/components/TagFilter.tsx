import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ALL_TAGS, VISIBLE_TAG_CHIPS } from '../libraryFilter';

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
  const more = useMemo(() => tags.slice(VISIBLE_TAG_CHIPS).sort((a, b) => a.localeCompare(b)), [tags]);
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
const TYPEAHEAD_RESET_MS = 600;

/** A button that opens a listbox of the remaining tags: arrows, Home/End, typing, Enter, Escape. */
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
  const [active, setActive] = useState(0);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const show = () => {
    setActive(Math.max(0, options.indexOf(selected)));
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
    if (open) listRef.current?.focus();
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

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = options.length - 1;
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
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Enter':
      case ' ': {
        event.preventDefault();
        const tag = options[active];
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
        break;
    }
    // Type-ahead: the typed letters jump to the first tag that starts with them.
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const now = event.timeStamp;
      const text = (now - typed.current.at > TYPEAHEAD_RESET_MS ? '' : typed.current.text) + event.key;
      typed.current = { text, at: now };
      const lower = text.toLowerCase();
      const found = options.findIndex((tag) => tag.toLowerCase().startsWith(lower));
      if (found >= 0) move(found);
    }
  };

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
        <ul
          ref={listRef}
          id={listId}
          className="tag-more__list"
          role="listbox"
          aria-label="More tags"
          tabIndex={0}
          aria-activedescendant={optionId(active)}
          onKeyDown={onListKeyDown}
          onBlur={(event) => {
            if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          {options.map((tag, index) => (
            <li
              key={tag}
              id={optionId(index)}
              role="option"
              aria-selected={tag === selected}
              className={index === active ? 'tag-more__option is-active' : 'tag-more__option'}
              onClick={() => choose(tag)}
              onMouseMove={() => {
                if (index !== active) setActive(index);
              }}
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
