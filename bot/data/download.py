"""Download the current official files into a folder laid out like ``../shared/data``.

Sources are listed in ``rules_data/sources.toml``.  Downloads go to a staging folder; nothing is
imported until every file has arrived and passed its checks (see ``bot.data.sync``).
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from bot.data.progress import Progress
from bot.errors import DataError
from bot.resources import load_toml

CHUNK = 1 << 16
TIMEOUT_SECONDS = 60


class OfflineError(DataError):
    """The official sources could not be reached (no network, DNS failure, timeout)."""


def load_sources() -> dict[str, Any]:
    return load_toml("sources.toml")


def _request(url: str, user_agent: str) -> urllib.request.Request:
    return urllib.request.Request(
        url, headers={"User-Agent": user_agent, "Accept": "application/json;q=0.9,*/*;q=0.8"}
    )


def _open(url: str, user_agent: str) -> Any:
    if not url.startswith("https://"):
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


def download_all(staging: Path, progress: Progress) -> None:
    """Download every online source into ``staging``."""
    sources = load_sources()
    download_comprehensive_rules(staging, sources, progress)
    download_scryfall(staging, sources, progress)


def link_missing_kinds(staging: Path, previous_source: Path | None, folders: list[str]) -> None:
    """Reuse the previous import's folders for kinds that are not downloaded (history, Riftbound)."""
    if previous_source is None or not previous_source.is_dir():
        return
    for folder in folders:
        target = previous_source / folder
        link = staging / folder
        if target.is_dir() and not link.exists():
            link.symlink_to(target, target_is_directory=True)
    history = previous_source / "mtg-cr" / "history"
    if history.is_dir() and not (staging / "mtg-cr" / "history").exists():
        (staging / "mtg-cr").mkdir(parents=True, exist_ok=True)
        (staging / "mtg-cr" / "history").symlink_to(history, target_is_directory=True)
