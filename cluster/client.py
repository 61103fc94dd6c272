"""A Dask client for fupan's runs (``fupan evaluate``, the maxims study): a new cluster of processes on this machine,
or one already running (``dask scheduler`` / ``dask worker`` on the club's machines: docs/cluster.md).

- ``client_for(scheduler, workers)``: a context manager giving a client of the scheduler at ``scheduler``
  (``tcp://host:8786``; ``ClusterUnreachable`` when it cannot be reached, ``OtherFupan`` while a worker runs another
  fupan, by its versions or its code: its results would be stored under this one's versions) or, without one, of a new
  ``LocalCluster`` of ``workers`` processes with one thread each (the work is pure Python), closed at the end.
- ``other_workers(client)``: the workers that run another fupan than this process (other engine or coach versions,
  other code: ``data.evaluation_runs.code_digest``, or none importable), each said in a line: a run on a club's cluster is refused up front while there are any.
- ``map_in_order(client, fn, items, retries)``: ``fn`` of each item on the cluster, the results in the items' order
  (a task that raised is tried ``retries`` times more; a worker lost mid-task has its task moved by the scheduler).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from replay.core.errors import FupanError

T = TypeVar("T")
R = TypeVar("R")


class ClusterError(FupanError):
    """A cluster that cannot be used: unreachable, or workers running another fupan."""


class ClusterUnreachable(ClusterError, OSError):
    """The scheduler named cannot be reached."""


class OtherFupan(ClusterError):
    """Workers of the scheduler named run another fupan than this process (``other_workers``)."""


@contextmanager
def client_for(scheduler: str | None, workers: int) -> Iterator[Any]:
    """A client of ``scheduler``, or of a new local cluster of ``workers`` processes (see the module's text)."""
    from distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout="20s")  # type: ignore[no-untyped-call]  # distributed is not annotated
        except OSError as exc:
            raise ClusterUnreachable(f"the scheduler {scheduler} cannot be reached ({exc})") from None
        with client:
            others = other_workers(client)
            if others:
                raise OtherFupan(_other_workers_said(others))
            yield client
        return
    with (
        LocalCluster(  # type: ignore[no-untyped-call]  # likewise
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]  # likewise
    ):
        yield client


def map_in_order(client: Any, fn: Callable[[T], R], items: Sequence[T], retries: int = 2) -> list[R]:
    """``fn(item)`` for each item on the client's cluster, in the items' order."""
    futures = client.map(fn, list(items), retries=retries, pure=False)
    try:
        return list(client.gather(futures))
    finally:
        client.cancel(futures)


def _made_by_here() -> dict[str, Any]:
    """Which fupan a worker runs (``data.evaluation_runs.made_by``), run on each worker by ``other_workers``."""
    from data.evaluation_runs import made_by

    return made_by()


def _other_workers_said(others: list[str]) -> str:
    from data.evaluation_runs import fupan_said, made_by

    ours = made_by()
    lines = "\n".join(f"  {line}" for line in others)
    return (
        f"{len(others)} worker(s) run another fupan than this one ({fupan_said(ours)});"
        f" install the same fupan on them, or stop them, then run again:\n{lines}"
    )


def other_workers(client: Any) -> list[str]:
    """The client's workers that run another fupan than this process, a line each (see the module's text)."""
    from data.evaluation_runs import fupan_said, made_by, same_fupan

    ours = made_by()
    found: dict[str, Any] = client.run(_made_by_here, on_error="return")  # an error is returned as the worker's
    said = []
    for address, made in sorted(found.items()):
        if isinstance(made, BaseException):
            said.append(f"{address}: cannot run fupan ({type(made).__name__}: {made})")
        elif not same_fupan(made, ours):
            said.append(f"{address} ({made['host']}): {fupan_said(made)}")
    return said
