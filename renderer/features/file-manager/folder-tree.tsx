// The folder tree (ARIA tree): the study's root and its folders, expandable, with the current
// folder marked; folders accept dropped files. A folder holding New items (at any depth) has a
// mark, and its context menu (right click, Shift+F10, the menu key) offers "Mark as seen".
import { shownText } from '../../../shared/shown-text.js';
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { ContextMenu } from '../../components/common/context-menu.js';
import { StudyTitleText } from '../../components/common/study-title-text.js';
import type { FileTree } from '../../lib/file-tree.js';
import { DROP_FOLDER_ATTRIBUTE } from '../../lib/use-window-drag.js';

interface FolderTreeProps {
  readonly tree: FileTree;
  readonly current: string;
  readonly rootLabel: string;
  /** The study's protocol number: the root shows its title without it (the sidebar says it). */
  readonly rootProtocol?: string;
  readonly onOpen: (path: string) => void;
  readonly onDropFiles?: (folder: string, data: DataTransfer) => void;
  /** The folder files dragged over the window would go to (highlighted), if any. */
  readonly dropTarget?: string;
  /** Folders holding New items ('' the study's root). */
  readonly newFolders?: ReadonlySet<string>;
  /** "Mark as seen" on a folder: everything New under it. */
  readonly onMarkSeen?: (path: string) => void;
}

function parentsOf(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  return segments.map((_, i) => segments.slice(0, i).join('/'));
}

export function FolderTree(props: FolderTreeProps) {
  const { tree, current, rootLabel, onOpen, onDropFiles, dropTarget, newFolders, onMarkSeen } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set(['']));
  const [menu, setMenu] = useState<{ path: string; x: number; y: number } | undefined>();
  // The current folder's ancestors are always open, so the selection is visible.
  const open = new Set([...expanded, ...parentsOf(current)]);

  const toggle = (path: string, value?: boolean): void =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (value ?? !next.has(path)) next.add(path);
      else next.delete(path);
      return next;
    });

  // The visible order, for arrow keys.
  const visible: string[] = [];
  const walk = (path: string): void => {
    visible.push(path);
    if (open.has(path)) for (const child of tree.folders.get(path)?.folders ?? []) walk(child);
  };
  walk('');

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>): void {
    const index = visible.indexOf(current);
    const node = tree.folders.get(current);
    let target: string | undefined;
    switch (event.key) {
      case 'ArrowDown':
        target = visible[Math.min(visible.length - 1, index + 1)];
        break;
      case 'ArrowUp':
        target = visible[Math.max(0, index - 1)];
        break;
      case 'ArrowRight':
        if (node?.folders.length && !open.has(current)) toggle(current, true);
        else target = node?.folders[0];
        break;
      case 'ArrowLeft':
        if (open.has(current) && current !== '' && expanded.has(current)) toggle(current, false);
        else if (current !== '') target = current.split('/').slice(0, -1).join('/');
        break;
      case 'Home':
        target = '';
        break;
      case 'ContextMenu':
      case 'F10': {
        if (event.key === 'F10' && !event.shiftKey) return;
        const box = (event.target as HTMLElement).getBoundingClientRect();
        setMenu({ path: current, x: box.left + 20, y: box.top + 20 });
        break;
      }
      default:
        return;
    }
    event.preventDefault();
    if (target !== undefined && target !== current) {
      onOpen(target);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-tree-path="${CSS.escape(target)}"]`)?.focus(),
      );
    }
  }

  const dragProps = (path: string) =>
    onDropFiles
      ? {
          // The highlight follows the window's drag (use-window-drag.ts, by this attribute).
          [DROP_FOLDER_ATTRIBUTE]: path,
          onDragOver: (e: DragEvent) => {
            if (![...e.dataTransfer.types].includes('Files')) return;
            e.preventDefault();
            e.stopPropagation();
            e.dataTransfer.dropEffect = 'copy';
          },
          onDrop: (e: DragEvent) => {
            if (![...e.dataTransfer.types].includes('Files')) return;
            e.preventDefault();
            e.stopPropagation();
            onDropFiles(path, e.dataTransfer);
          },
        }
      : {};

  const renderNode = (path: string, depth: number) => {
    const node = tree.folders.get(path);
    if (!node) return null;
    const hasChildren = node.folders.length > 0;
    const isOpen = open.has(path);
    const hasNew = !!newFolders?.has(path);
    return (
      <li
        key={path}
        role="treeitem"
        aria-level={depth + 1}
        aria-expanded={hasChildren ? isOpen : undefined}
        aria-selected={path === current}
        tabIndex={path === current ? 0 : -1}
        data-tree-path={path}
        data-testid="folder-tree-item"
        className={`tree-item ${path === current ? 'selected' : ''} ${dropTarget === path ? 'drop-active' : ''} ${hasNew ? 'has-new' : ''}`}
        data-new={hasNew || undefined}
        // named here, not by hidden text in the label: the label's text is what must fit the tree
        aria-label={hasNew ? `${path === '' ? rootLabel : shownText(node.name)} (has new items)` : undefined}
        onClick={(e) => {
          e.stopPropagation();
          onOpen(path);
        }}
        onContextMenu={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setMenu({ path, x: e.clientX, y: e.clientY });
        }}
        onFocus={(e) => e.stopPropagation()}
        {...dragProps(path)}
      >
        <span
          className="tree-label"
          style={{ paddingInlineStart: depth * 14 }}
          title={path === '' ? rootLabel : shownText(node.name)}
        >
          {hasChildren ? (
            <span
              className="twisty"
              aria-hidden="true"
              onClick={(e) => {
                e.stopPropagation();
                toggle(path);
              }}
            >
              {isOpen ? '▾' : '▸'}
            </span>
          ) : (
            <span className="twisty" aria-hidden="true" />
          )}
          {path === '' ? (
            <StudyTitleText title={rootLabel} protocolNumber={props.rootProtocol} />
          ) : (
            shownText(node.name)
          )}
        </span>
        {/* beside the label, not in it: a mark never narrows the room for the name */}
        {hasNew ? <span className="new-dot" aria-hidden="true" data-testid="folder-new" /> : null}
        {hasChildren && isOpen ? (
          <ul role="group">{node.folders.map((child) => renderNode(child, depth + 1))}</ul>
        ) : null}
      </li>
    );
  };

  return (
    <>
      <ul className="folder-tree" role="tree" aria-label="Folders" data-testid="folder-tree" onKeyDown={onKeyDown}>
        {renderNode('', 0)}
      </ul>
      {menu ? (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          label="Folder"
          entries={[
            { id: 'open-folder', label: 'Open folder', onSelect: () => onOpen(menu.path) },
            {
              id: 'mark-seen',
              label: 'Mark as seen',
              disabled: !onMarkSeen || !newFolders?.has(menu.path),
              onSelect: () => onMarkSeen?.(menu.path),
            },
          ]}
          onClose={() => setMenu(undefined)}
        />
      ) : null}
    </>
  );
}
