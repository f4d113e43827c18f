"""``make watch``'s ears: the file events below a folder, one line each on stdout, in a process of its own.

watchdog's observer runs threads of its own, and the warm watcher
(``coinrow.tools.watch.watcher``) forks a grading child per save: a process
that forks must have no other thread (``coinrow.grader.run.spawned`` says why). So
the observer runs here, in a process that never forks, started by the watcher
as ``python -m coinrow.tools.watch.events FOLDER``.

What it writes, each line flushed at once: first ``ready <observer>`` once the
folder is watched (``<observer>`` is watchdog's class, ``InotifyObserver`` on
Linux), then one line per event on a file (never a folder), ``<kind> <path>``:
``kind`` is ``modified``, ``closed`` (closed after writing; inotify only),
``created``, ``deleted`` or ``moved``, and a move is said twice, for the path
it left and the path it came to. It ends when its standard input closes (the
watcher ended), and ignores Ctrl+C, which the watcher handles.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

KINDS = ("modified", "closed", "created", "deleted", "moved")


class _SayEach(FileSystemEventHandler):
    """Writes each event on a file as ``<kind> <path>`` lines on stdout."""

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type not in KINDS:
            return
        paths = [event.src_path, event.dest_path] if event.event_type == "moved" else [event.src_path]
        try:
            sys.stdout.write("".join(f"{event.event_type} {path!s}\n" for path in paths))
            sys.stdout.flush()
        except (BrokenPipeError, ValueError):  # the watcher is gone: nobody is left to tell
            pass


def main(argv: list[str]) -> int:
    """Watch the folder ``argv[0]`` and every folder below it until stdin closes; 2 when it is no folder."""
    folder = Path(argv[0]) if argv else Path()
    if not folder.is_dir():
        print(f"make watch: no such folder {folder}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    observer = Observer()
    observer.schedule(_SayEach(), str(folder.resolve()), recursive=True)
    observer.start()  # the folder is watched once this returns: its emitter added the watches first
    sys.stdout.write(f"ready {type(observer).__name__}\n")
    sys.stdout.flush()
    sys.stdin.read()  # until the watcher closes its end
    observer.stop()
    observer.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
