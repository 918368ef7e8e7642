"""``LabmemStore``: a LangGraph ``BaseStore`` whose items are labmem entries in Markdown.

    with LabmemStore.open("~/labmem") as store:
        graph = builder.compile(store=store)

Namespaces map onto layers (see ``store_values``): ``("memory",)``, ``("daily",)``,
``("projects", NAME)``, ``("skills", NAME)``. ``put`` goes through ``Lab.remember`` — the
Coordinator's guard (secrets, size, untrusted sources), dedupe and write — so a secret is
refused with ``WriteRefusedError`` and a near-copy of a known fact confirms it instead of
adding a second entry. A put on an existing key supersedes the old entry (kept in history),
or updates its metadata in place when only metadata changed. ``delete`` is ``labmem forget``.
``search`` with a query is labmem's hybrid search; without one it lists entries in file order.
Everything follows the store's session kind (docs/contracts.md §2).

Like LangGraph's own stores, a batch runs its reads first and its writes last, and the last
put of one (namespace, key) wins.

It does NOT support TTLs, and does NOT hold data of its own: the Markdown is the store.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    validate_op_namespace,
)

from coordinator.integrations.errors import (
    InvalidValueError,
    LabmemStoreError,
    StorePermissionError,
    WriteRefusedError,
)
from coordinator.integrations.lab_lock import run_locked
from coordinator.integrations.store_entries import EPOCH, EntryCatalogue, StoredEntry
from coordinator.integrations.store_values import (
    DEFAULT_KINDS,
    STORE_KEYS,
    EntryFields,
    Place,
    decode_field,
    encode_keys,
    entry_value,
    matches_filter,
    place_of,
    places_under,
    value_fields,
)
from memory.errors import InvalidInputError, MemoryFrameworkError, PermissionDeniedError
from memory.hygiene import WRITER_KEYS, check_texts
from memory.visibility import allowed

if TYPE_CHECKING:
    from coordinator.lab import Lab
    from memory.search.ranking import Hit

__all__ = ["SKILL_KEY", "LabmemStore"]

SKILL_KEY = "SKILL.md"
_MAX_SEARCH = 1000


class LabmemStore(BaseStore):
    """A LangGraph store over an open ``Lab``; every call acts with the Lab's session kind."""

    supports_ttl = False

    def __init__(self, lab: Lab, *, text_field: str = "text", source: str = "langgraph") -> None:
        self.lab = lab
        self.text_field = text_field
        self.source = source
        self.entries = EntryCatalogue(lab)

    @classmethod
    @contextmanager
    def open(
        cls,
        path: str | Path | None = None,
        *,
        session_kind: str = "main",
        text_field: str = "text",
        source: str = "langgraph",
    ) -> Iterator[LabmemStore]:
        """Open the workspace (``None``: ``LABMEM_HOME``) and a store over it."""
        from coordinator.lab import Lab

        with Lab.open(path, session_kind=session_kind) as lab:
            yield cls(lab, text_field=text_field, source=source)

    # -- the interface ---------------------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        return run_locked(self.lab, lambda: self._batch(ops))

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    def _batch(self, ops: list[Op]) -> list[Result]:
        for op in ops:
            validate_op_namespace(op)
        results: list[Result] = [None] * len(ops)
        puts: dict[tuple[tuple[str, ...], str], PutOp] = {}
        try:
            for i, op in enumerate(ops):
                self.entries.refresh()
                if isinstance(op, GetOp):
                    results[i] = self._get(op)
                elif isinstance(op, SearchOp):
                    results[i] = self._search(op)
                elif isinstance(op, ListNamespacesOp):
                    results[i] = self._list_namespaces(op)
                elif isinstance(op, PutOp):
                    puts.pop((op.namespace, op.key), None)
                    puts[(op.namespace, op.key)] = op
                else:
                    raise InvalidValueError(f"unknown store operation {type(op).__name__}.")
            if len(puts) > 1:
                self._precheck(list(puts.values()))
            for op in puts.values():
                self.entries.refresh()
                self._put(op)
        except LabmemStoreError:
            raise
        except PermissionDeniedError as exc:
            raise StorePermissionError(str(exc)) from exc
        except InvalidInputError as exc:
            raise InvalidValueError(str(exc)) from exc
        except MemoryFrameworkError as exc:
            raise LabmemStoreError(str(exc)) from exc
        return results

    # -- visibility ------------------------------------------------------------------------
    def _may_see(self, layer: str) -> bool:
        kind = self.lab.session_kind
        return allowed(kind, layer, "read") or allowed(kind, layer, "search")

    def _require_see(self, place: Place) -> None:
        if not self._may_see(place.layer):
            raise StorePermissionError(
                f"a {self.lab.session_kind} session may not read {place.namespace!r} "
                "(docs/contracts.md §2); open the store with session_kind='main' for that."
            )

    # -- get -------------------------------------------------------------------------------
    def _get(self, op: GetOp) -> Item | None:
        place = place_of(op.namespace)
        self._require_see(place)
        if place.layer == "skill":
            return self._skill_item(place, op.key, None)
        found = self.entries.find(place, op.key)
        return None if found is None else self._item(place, found, op.key)

    def _item(
        self, place: Place, found: StoredEntry, key: str | None = None, score: float | None = None
    ) -> SearchItem:
        return SearchItem(
            namespace=place.namespace,
            key=key or found.key,
            value=self._value(place, found),
            created_at=found.created,
            updated_at=found.updated,
            score=score,
        )

    def _value(self, place: Place, found: StoredEntry) -> dict[str, Any]:
        record = found.record
        return entry_value(found.entry, record.kind, record.tags, place.layer, self.text_field)

    def _skill_item(self, place: Place, key: str, score: float | None) -> SearchItem | None:
        if key != SKILL_KEY:
            return None
        catalogue = self.lab.skills.catalogue()
        skill = catalogue.skills.get(place.name or "")
        if skill is None:
            return None
        value = {
            self.text_field: skill.meta.description,
            "name": skill.name,
            "triggers": list(skill.meta.triggers),
            "status": skill.meta.status,
            "workflow": skill.workflow,
        }
        return SearchItem(place.namespace, SKILL_KEY, value, EPOCH, EPOCH, score)

    # -- search ----------------------------------------------------------------------------
    def _places(self, prefix: Sequence[str]) -> list[Place]:
        projects = self.lab.project_names() if self._may_see("project") else []
        skills = sorted(self.lab.skills.catalogue().skills) if self._may_see("skill") else []
        places = places_under(prefix, projects, skills)
        explicit = [p for p in places if len(prefix) >= len(p.namespace)]
        for place in explicit:
            self._require_see(place)  # asked for by name: say no rather than return nothing
        return [p for p in places if self._may_see(p.layer)]

    def _search(self, op: SearchOp) -> list[SearchItem]:
        if op.limit < 1 or op.offset < 0:
            raise InvalidValueError(
                f"limit={op.limit}, offset={op.offset}: ask for at least one item from an "
                "offset of 0 or more."
            )
        places = self._places(op.namespace_prefix)
        if not places:
            return []
        if op.query and op.query.strip():
            return self._query(op, places)
        items: list[SearchItem] = []
        for place in places:
            if place.layer == "skill":
                skill = self._skill_item(place, SKILL_KEY, None)
                candidates = [skill] if skill is not None else []
            else:
                candidates = [self._item(place, e) for e in self.entries.entries(place)]
            items += [i for i in candidates if matches_filter(i.value, op.filter)]
            if len(items) >= op.offset + op.limit:
                break
        return items[op.offset : op.offset + op.limit]

    def _query(self, op: SearchOp, places: list[Place]) -> list[SearchItem]:
        layers = sorted({p.layer for p in places})
        names = {p.name for p in places if p.name}
        project = places[0].name if len(places) == 1 and places[0].layer == "project" else None
        want = op.offset + op.limit
        k = want * (4 if op.filter else 1) + 5
        while True:
            hits = self.lab.search(op.query or "", k=k, layers=layers, project=project)
            items = self._hits_to_items(hits, names, layers, op)
            if len(items) >= want or len(hits) < k or k >= _MAX_SEARCH:
                return items[op.offset : want]
            k = min(k * 4, _MAX_SEARCH)

    def _hits_to_items(
        self, hits: list[Hit], names: set[str], layers: list[str], op: SearchOp
    ) -> list[SearchItem]:
        items: list[SearchItem] = []
        seen: set[tuple[tuple[str, ...], str]] = set()
        scoped = len(op.namespace_prefix) >= 2  # one project or one skill
        for hit in hits:
            name = hit.project if hit.layer == "project" else None
            if hit.layer == "skill":
                name = hit.path.split("/")[1]
            if scoped and name not in names:
                continue
            place = Place(hit.layer, name)
            if hit.layer == "skill":
                item = self._skill_item(place, SKILL_KEY, hit.score)
            else:
                found = self.entries.at(place, hit.path, hit.id)
                item = None if found is None else self._item(place, found, score=hit.score)
            if item is None or (item.namespace, item.key) in seen:
                continue
            if matches_filter(item.value, op.filter):
                seen.add((item.namespace, item.key))
                items.append(item)
        return items

    # -- list_namespaces -------------------------------------------------------------------
    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        found = [p.namespace for p in self._places(())]
        for condition in op.match_conditions or ():
            found = [ns for ns in found if _matches(condition, ns)]
        if op.max_depth is not None:
            found = sorted({ns[: op.max_depth] for ns in found})
        else:
            found = sorted(found)
        return found[op.offset : op.offset + op.limit]

    # -- put and delete --------------------------------------------------------------------
    def _put(self, op: PutOp) -> None:
        place = place_of(op.namespace)
        if place.layer == "skill":
            raise StorePermissionError(
                f"{op.namespace!r} is read-only through the store: skills are SKILL.md files "
                "a person writes (see 'labmem skills new'); put facts in another namespace."
            )
        if op.value is None:
            self._delete(place, op.key)
            return
        fields = value_fields(op.value, self.text_field)
        existing = self.entries.find(place, op.key) if self._may_see(place.layer) else None
        if existing is None:
            self._write(place, fields, [op.key], supersedes=None)
        elif self._same(place, existing, fields):
            return  # nothing changed: the Markdown stays as it is
        elif existing.entry.body != fields.text or place.layer == "daily":
            # A new version: curated layers mark the old entry superseded; the daily log,
            # append-only, gets a new entry that names the one it replaces.
            self._write(place, fields, list(existing.keys or [op.key]), existing.id)
        else:
            self._update_in_place(place, existing, fields)

    def _precheck(self, puts: list[PutOp]) -> None:
        """Several puts: refuse the batch before writing any, if one of them would be."""
        texts = []
        for op in puts:
            place = place_of(op.namespace)
            if op.value is not None and place.layer != "skill":
                fields = value_fields(op.value, self.text_field)
                texts.append("\n".join([fields.text, *fields.meta.values()]))
        for reason in check_texts(texts, self.lab.settings.max_entry_bytes * 2):
            if reason is not None:
                from coordinator.receipt import Receipt

                raise WriteRefusedError(
                    Receipt("refused", None, None, None, None, None, None, reason)
                )

    def _same(self, place: Place, existing: StoredEntry, fields: EntryFields) -> bool:
        """Would this put leave the entry as it is? (Then it writes nothing.)"""
        have = self._value(place, existing)
        if fields.kind is None:
            have.pop("kind", None)  # a put without a kind keeps the entry's kind
        want: dict[str, Any] = {self.text_field: fields.text}
        if fields.kind and fields.kind != DEFAULT_KINDS.get(place.layer):
            want["kind"] = fields.kind
        if fields.tags:
            want["tags"] = list(fields.tags)
        want.update({k: decode_field(v) for k, v in fields.meta.items()})
        return have == want

    def _write(
        self, place: Place, fields: EntryFields, keys: list[str], supersedes: str | None
    ) -> None:
        receipt = self.lab.remember(
            fields.text,
            layer=place.layer,
            kind=fields.kind,
            project=place.name,
            tags=fields.tags,
            source=self.source,
            supersedes=supersedes,
            meta={"key": encode_keys(keys), **fields.meta},
        )
        if receipt.status == "refused":
            raise WriteRefusedError(receipt)
        if receipt.status == "confirmed" and receipt.id and receipt.path:
            # Dedupe folded this put into a known entry: that entry now answers to this key too.
            curated = self._curated_file(receipt.path)
            self.entries.refresh()
            if curated is not None:
                current = next((e for e in self.entries.entries(place) if e.id == receipt.id), None)
                known = list(current.keys) if current else []
                if not set(keys) <= set(known):
                    merged = known + [k for k in keys if k not in known]
                    curated.update(receipt.id, key=encode_keys(merged))

    def _update_in_place(self, place: Place, existing: StoredEntry, fields: EntryFields) -> None:
        """Same text, other metadata: rewrite the comment of the entry, after the guard."""
        meta_text = "\n".join(f"{k}: {v}" for k, v in fields.meta.items())
        reason = (
            check_texts([meta_text], self.lab.settings.max_entry_bytes)[0] if meta_text else None
        )
        if reason is not None:
            from coordinator.receipt import Receipt

            raise WriteRefusedError(
                Receipt("refused", place.layer, fields.kind, None, None, None, None, reason)
            )
        curated = self._curated_file(existing.record.path)
        if curated is None:  # pragma: no cover - curated layers always have a file
            return
        values: dict[str, str | None] = {k: None for k in existing.entry.meta if _own(k)}
        values.update(fields.meta)
        if fields.kind:
            values["kind"] = fields.kind
        values["tags"] = ",".join(fields.tags) if fields.tags else None
        curated.update(existing.id, **values)

    def _delete(self, place: Place, key: str) -> None:
        from coordinator.maintenance.forget import forget

        for found in self.entries.every(place, key):
            others = [k for k in found.keys if k != key]
            curated = self._curated_file(found.record.path)
            if others and curated is not None:
                curated.update(found.id, key=encode_keys(others))
            else:
                forget(self.lab, found.id)

    def _curated_file(self, rel: str) -> Any:
        if rel == "MEMORY.md":
            return self.lab.memory.file
        parts = rel.split("/")
        if len(parts) == 3 and parts[0] == "projects":
            return self.lab.projects.notes_file(parts[1], parts[2])
        return None


def _own(key: str) -> bool:
    """A comment key that came from a value field (not labmem's, not the store's)."""
    return key not in WRITER_KEYS and key not in STORE_KEYS


def _matches(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    path = tuple(condition.path)
    if len(namespace) < len(path):
        return False
    pairs = (
        zip(namespace, path, strict=False)
        if condition.match_type == "prefix"
        else zip(reversed(namespace), reversed(path), strict=False)
    )
    return all(want == "*" or have == want for have, want in pairs)
