"""Download the current official files into a folder laid out like ``../shared/data``.

Sources are listed in ``rules_data/sources.toml`` (or the file ``RULESBOT_SOURCES`` names).
Downloads go to a staging folder that starts as a copy of the previous import's sources; nothing
is imported until every file has arrived and passed its checks (see ``bot.data.sync``).  The
Comprehensive Rules and Scryfall's card data are required; the Tournament Rules, the
Infraction Procedure Guide and Riftbound's rules and cards are fetched when they can be, and
otherwise the previous copy is kept (each source's outcome is reported).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from bot.data.progress import Progress
from bot.errors import DataError
from bot.resources import load_toml

CHUNK = 1 << 16
TIMEOUT_SECONDS = 60


class OfflineError(DataError):
    """The official sources could not be reached (no network, DNS failure, timeout)."""


LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def load_sources(path: Path | None = None) -> dict[str, Any]:
    """The download addresses: the packaged ``sources.toml``, or ``path`` (a mirror, tests)."""
    if path is None:
        return load_toml("sources.toml")
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise DataError(f"Could not read the sources file {path}: {error}") from error


def _request(url: str, user_agent: str) -> urllib.request.Request:
    return urllib.request.Request(
        url, headers={"User-Agent": user_agent, "Accept": "application/json;q=0.9,*/*;q=0.8"}
    )


def _open(url: str, user_agent: str) -> Any:
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https" and not (
        parts.scheme == "http" and parts.hostname in LOOPBACK_HOSTS
    ):
        # Plain http only on this machine's loopback (a local mirror or a test server).
        raise DataError(f"Refusing to download from a non-https address: {url}")
    try:
        return urllib.request.urlopen(_request(url, user_agent), timeout=TIMEOUT_SECONDS)
    except urllib.error.HTTPError as error:
        raise DataError(f"{url} answered HTTP {error.code}.") from error
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        raise OfflineError(f"Could not reach {url}: {error}") from error


def fetch_text(url: str, user_agent: str) -> str:
    with _open(url, user_agent) as response:
        data: bytes = response.read()
    return data.decode("utf-8", errors="replace")


def download_file(url: str, dest: Path, user_agent: str, progress: Progress, label: str) -> Path:
    """Stream ``url`` to ``dest`` (via a .part file), reporting progress."""
    part = dest.with_name(dest.name + ".part")
    with _open(url, user_agent) as response:
        total_header = response.headers.get("Content-Length")
        total = int(total_header) if total_header and total_header.isdigit() else None
        done = 0
        with part.open("wb") as out:
            while chunk := response.read(CHUNK):
                out.write(chunk)
                done += len(chunk)
                progress(label, done, total)
    if total is not None and done != total:
        part.unlink(missing_ok=True)
        raise DataError(f"{url} stopped after {done} of {total} bytes.")
    part.replace(dest)
    return dest


def download_comprehensive_rules(
    staging: Path, sources: dict[str, Any], progress: Progress
) -> Path:
    spec = sources["mtg_cr"]
    user_agent = sources["scryfall"]["user_agent"]
    page = fetch_text(spec["page"], user_agent)
    links = {
        urllib.parse.quote(link, safe=":/%") for link in re.findall(spec["link_pattern"], page)
    }
    if not links:
        raise DataError(f"No Comprehensive Rules .txt link was found on {spec['page']}.")
    # Wizards names the files by effective date, after a space: "MagicCompRules%2020260116.txt".
    url = max(links, key=lambda link: (_effective_date(link), link))
    date = _effective_date(url)
    name = f"MagicCompRules-{date}.txt" if date else "MagicCompRules-current.txt"
    folder = staging / spec["dest"]
    folder.mkdir(parents=True, exist_ok=True)
    return download_file(
        url, folder / name, user_agent, progress, "Downloading Comprehensive Rules"
    )


def _effective_date(url: str) -> str:
    """``20260116`` from ``.../MagicCompRules%2020260116.txt``; empty if the name has none."""
    found = re.search(r"MagicCompRules[\s_-]*(\d{8})", urllib.parse.unquote(url))
    return found.group(1) if found else ""


_MONTHS = {
    m: i
    for i, m in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}


def document_date(url: str) -> str:
    """``20250421`` from ``MTG_MTR_2025_Apr_21_EN.pdf`` or ``MTG_IPG_2024Sep23_EN.pdf``."""
    found = re.search(r"(\d{4})_?([A-Za-z]{3})[a-z]*_?(\d{1,2})", urllib.parse.unquote(url))
    if not found or found.group(2).lower() not in _MONTHS:
        return ""
    year, month, day = found.groups()
    return f"{year}{_MONTHS[month.lower()]:02d}{int(day):02d}"


def download_scryfall(staging: Path, sources: dict[str, Any], progress: Progress) -> list[Path]:
    spec = sources["scryfall"]
    index = json.loads(fetch_text(spec["index"], spec["user_agent"]))
    entries = {item.get("type"): item for item in index.get("data", [])}
    folder = staging / spec["dest"]
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    stamps: dict[str, str] = {}
    for kind in spec["types"]:
        entry = entries.get(kind)
        if not entry or "download_uri" not in entry:
            raise DataError(f"Scryfall's bulk-data index has no '{kind}' file.")
        filename = kind.replace("_", "-") + ".json"
        paths.append(
            download_file(
                entry["download_uri"],
                folder / filename,
                spec["user_agent"],
                progress,
                f"Downloading Scryfall {kind}",
            )
        )
        stamps[kind] = str(entry.get("updated_at", ""))
    # The card importer records this date as the card data's version.
    (folder / "source.json").write_text(json.dumps({"updated_at": stamps}), encoding="utf-8")
    return paths


Status = Literal["updated", "unchanged", "unavailable"]


@dataclass(frozen=True)
class SourceResult:
    """What one source's download did: ``updated``, ``unchanged`` or ``unavailable`` (why)."""

    name: str
    status: Status
    detail: str = ""

    def line(self) -> str:
        return f"{self.name}: {self.status}" + (f" ({self.detail})" if self.detail else "")


def _digest(folder: Path, patterns: tuple[str, ...]) -> str:
    """One digest of the files matching ``patterns`` in ``folder``, read in chunks (Scryfall's
    files are hundreds of megabytes)."""
    digest = hashlib.sha256()
    for path in sorted(p for pattern in patterns for p in folder.glob(pattern)):
        if path.is_file():
            digest.update(path.name.encode())
            with path.open("rb") as handle:
                digest.update(hashlib.file_digest(handle, "sha256").digest())
    return digest.hexdigest()


NOTHING = hashlib.sha256().hexdigest()  # the digest of no files


def download_tournament_docs(staging: Path, sources: dict[str, Any], progress: Progress) -> str:
    """The newest MTR and IPG PDFs, each checked by reading it; returns their effective dates."""
    from bot.data.docs_import import read_document_file  # the importer's own reader checks them

    spec = sources["tournament_docs"]
    user_agent = sources["scryfall"]["user_agent"]
    page = fetch_text(spec["page"], user_agent)
    folder = staging / spec["dest"]
    folder.mkdir(parents=True, exist_ok=True)
    arrived: dict[str, tuple[Path, str, str]] = {}
    for doc in ("mtr", "ipg"):
        links = set(re.findall(spec[f"{doc}_pattern"], page))
        if not links:
            raise DataError(f"No {doc.upper()} PDF link was found on {spec['page']}.")
        url = max(links, key=lambda link: (document_date(link), link))
        name = urllib.parse.unquote(url.rsplit("/", 1)[-1])
        incoming = folder / f".incoming-{name}"
        download_file(url, incoming, user_agent, progress, f"Downloading the {doc.upper()}")
        _, effective, _ = read_document_file(incoming, doc)
        arrived[doc] = (incoming, name, effective)
    # Only when both arrived whole and readable does either replace the previous edition.
    dates = []
    for doc, (incoming, name, effective) in arrived.items():
        for older in folder.glob("*.pdf"):
            if older.name.startswith(".") or doc not in older.name.casefold():
                continue
            older.unlink()  # one edition of each document: the newest
        incoming.replace(folder / name)
        dates.append(f"{doc.upper()} {effective}")
    return ", ".join(dates)


def download_riftbound_rules(staging: Path, sources: dict[str, Any], progress: Progress) -> str:
    """The Core Rules PDF linked from the Rules Hub, saved as ``core-rules-vX.Y.pdf``."""
    from bot.data.pdf_text import pdf_text
    from bot.data.riftbound_rules import parse_rules_text

    spec = sources["riftbound_rules"]
    user_agent = sources["scryfall"]["user_agent"]
    page = fetch_text(spec["page"], user_agent)
    links = set(re.findall(spec["link_pattern"], page))
    named = [link for link in links if re.search(r"core[\W_]*rules", link, re.I)]
    if not named:
        raise DataError(f"No Core Rules PDF link was found on {spec['page']}.")
    url = max(named, key=lambda link: (_version_in(link), link))
    folder = staging / spec["dest"]
    folder.mkdir(parents=True, exist_ok=True)
    incoming = folder / ".incoming-core-rules.pdf"
    download_file(url, incoming, user_agent, progress, "Downloading Riftbound core rules")
    rules = parse_rules_text(pdf_text(incoming))
    incoming.replace(folder / f"core-rules-v{rules.version}.pdf")
    return f"v{rules.version}, {len(rules.rules):,} rules"


def _version_in(url: str) -> tuple[int, ...]:
    found = re.search(r"v(\d+(?:[._]\d+)+)", urllib.parse.unquote(url), re.I)
    return tuple(int(p) for p in re.split(r"[._]", found.group(1))) if found else ()


def download_riftbound_cards(staging: Path, sources: dict[str, Any], progress: Progress) -> str:
    """Every card of the official gallery, written as ``cards.json``."""
    from bot.data.riftbound_gallery import gallery_document

    spec = sources["riftbound_cards"]
    progress("Downloading Riftbound cards", 0, None)
    page = fetch_text(spec["page"], sources["scryfall"]["user_agent"])
    today = datetime.now(UTC).date().isoformat()
    document = gallery_document(page, origin=spec["page"], updated=today)
    folder = staging / spec["dest"]
    folder.mkdir(parents=True, exist_ok=True)
    previous = folder / "cards.json"
    if previous.is_file():
        try:
            old = json.loads(previous.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            old = None
        if isinstance(old, dict) and old.get("cards") == document["cards"]:
            return f"{document['count']} cards"  # same cards: keep the file (and its date)
    previous.write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    progress("Downloading Riftbound cards", len(page), len(page))
    return f"{document['count']} cards"


def download_current_rules(staging: Path, sources: dict[str, Any], progress: Progress) -> str:
    saved = download_comprehensive_rules(staging, sources, progress)
    keep_older_rules_in_history(saved)
    date = _effective_date(saved.name)
    return f"effective {date[:4]}-{date[4:6]}-{date[6:]}" if date else saved.name


def download_card_data(staging: Path, sources: dict[str, Any], progress: Progress) -> str:
    folder = staging / sources["scryfall"]["dest"]
    download_scryfall(staging, sources, progress)
    stamps = json.loads((folder / "source.json").read_text(encoding="utf-8"))["updated_at"]
    return "updated " + max(str(v)[:10] for v in stamps.values())


def keep_older_rules_in_history(current: Path) -> None:
    """A newer Comprehensive Rules file moves the older ones into ``history/YYYY-MM-DD.txt``, so
    the history grows with every sync (``rule ... as of DATE`` keeps answering)."""
    history = current.parent / "history"
    for older in current.parent.glob("MagicCompRules-*.txt"):
        date = _effective_date(older.name)
        if older == current or not date:
            continue
        history.mkdir(exist_ok=True)
        kept = history / f"{date[:4]}-{date[4:6]}-{date[6:]}.txt"
        if not kept.exists():
            shutil.copyfile(older, kept)
        older.unlink()


@dataclass(frozen=True)
class Source:
    """One downloadable source: its name, the files it owns and how to fetch them."""

    name: str
    download: Callable[[Path, dict[str, Any], Progress], str]  # -> what arrived, in a few words
    owns: tuple[str, ...]  # glob patterns, relative to the staging folder
    required: bool


SOURCES: tuple[Source, ...] = (
    Source(
        "Comprehensive Rules",
        download_current_rules,
        ("mtg-cr/MagicCompRules-*.txt",),
        True,
    ),
    Source(
        "MTG cards (Scryfall)",
        download_card_data,
        ("mtg-cards/*.json", "mtg-cards/*.json.gz"),
        True,
    ),
    Source(
        "Tournament Rules and IPG",
        download_tournament_docs,
        ("mtg-docs/*.pdf",),
        False,
    ),
    Source(
        "Riftbound core rules",
        download_riftbound_rules,
        ("riftbound/core-rules-v*.pdf",),
        False,
    ),
    Source("Riftbound cards", download_riftbound_cards, ("riftbound/cards.json",), False),
)


def download_all(
    staging: Path,
    progress: Progress,
    sources: dict[str, Any] | None = None,
    previous: Path | None = None,
) -> list[SourceResult]:
    """Download every source into ``staging`` (prepared by ``copy_previous_sources``); each
    is ``unchanged`` when its files equal those of the ``previous`` import.

    A required source that fails stops the sync (``OfflineError``/``DataError``); an optional
    one is reported ``unavailable`` and its previous files, if any, are kept.
    """
    sources = load_sources() if sources is None else sources
    results = []
    for source in SOURCES:
        before = _digest(previous, source.owns) if previous is not None else NOTHING
        try:
            detail = source.download(staging, sources, progress)
        except (DataError, KeyError) as error:
            if source.required:
                raise
            had = before != NOTHING
            why = (
                str(error).rstrip(".") if isinstance(error, DataError) else f"no {error} in sources"
            )
            kept = "kept the previous copy" if had else "none imported yet"
            results.append(SourceResult(source.name, "unavailable", f"{why}; {kept}"))
            _remove_partial_downloads(staging)
            continue
        after = _digest(staging, source.owns)
        status: Status = "unchanged" if after == before else "updated"
        results.append(SourceResult(source.name, status, detail))
    return results


def _remove_partial_downloads(staging: Path) -> None:
    """What a failed source left behind: files not yet checked, and folders it made empty."""
    for leftover in [*staging.rglob(".incoming-*"), *staging.rglob("*.part")]:
        leftover.unlink()
    for folder in sorted(staging.iterdir()):
        if folder.is_dir() and not any(folder.rglob("*")):
            folder.rmdir()


# Downloaded whole at every sync (a required source): copying the old files would be wasted.
ALWAYS_DOWNLOADED = ("mtg-cards",)


def copy_previous_sources(previous: Path | None, staging: Path) -> None:
    """Start the staging folder as a copy of the previous import's sources (history, Riftbound's
    older versions, errata and FAQ are kept; downloads then replace what they bring)."""
    staging.mkdir(parents=True, exist_ok=True)
    if previous is None or not previous.is_dir():
        return
    for path in sorted(previous.rglob("*")):
        relative = path.relative_to(previous)
        if relative.parts[0].startswith(".") or relative.parts[0] in ALWAYS_DOWNLOADED:
            continue
        if path.is_dir():
            continue
        target = staging / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        # copyfile, not copy2: the source may be read-only (../shared/data); the copy must not be.
        shutil.copyfile(path, target)


def seed_history(staging: Path, folder: Path) -> int:
    """Copy Comprehensive Rules versions (``YYYY-MM-DD.txt``) from ``folder`` into the history."""
    if not folder.is_dir():
        raise DataError(f"{folder} is not a folder of Comprehensive Rules versions.")
    history = staging / "mtg-cr" / "history"
    history.mkdir(parents=True, exist_ok=True)
    copied = 0
    for path in sorted(folder.glob("*.txt")):
        if (
            re.fullmatch(r"\d{4}-\d{2}-\d{2}\.txt", path.name)
            and not (history / path.name).exists()
        ):
            shutil.copyfile(path, history / path.name)
            copied += 1
    if not copied and not any(history.glob("*.txt")):
        raise DataError(f"{folder} holds no YYYY-MM-DD.txt Comprehensive Rules versions.")
    return copied
