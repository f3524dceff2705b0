"""What a ``pinochle validate`` run counts as its chunks come back, the report's ``Summary``
made from it, and the closing table a person reads on standard error: games, battles, findings
by rule id and severity, time and battles per second."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pinochle.adjudicator import Summary, plural
from pinochle.batch.chunks import ChunkResult, RuleSeverity

_SEVERITIES = ("error", "warning", "info")


@dataclass
class Tally:
    files: int = 0
    games: int = 0
    battles: int = 0
    syntax_errors: int = 0
    unreadable_files: int = 0
    findings: Counter[RuleSeverity] = field(default_factory=Counter)

    def add(self, result: ChunkResult) -> None:
        self.games += result.games
        self.battles += result.battles
        self.syntax_errors += result.syntax_errors
        self.findings.update(result.findings)

    def summary(self) -> Summary:
        by_severity: Counter[str] = Counter()
        notices: dict[str, int] = {}
        for (rule, severity), n in self.findings.items():
            by_severity[severity] += n
            if severity == "info":
                notices[rule] = n
        return Summary(files=self.files, games=self.games, battles=self.battles,
                       errors=by_severity["error"], warnings=by_severity["warning"],
                       notices=by_severity["info"], syntax_errors=self.syntax_errors,
                       unreadable_files=self.unreadable_files, notices_by_rule=notices)

    def table(self, seconds: float) -> str:
        """The closing table: the totals and speed, then one row per rule id (most found
        first) with its errors, warnings and notices."""
        rate = f"{self.battles / seconds:,.0f} battles/s" if seconds > 0 else "-"
        lines = [f"{_many(self.files, 'file')}, {_many(self.games, 'game')}, "
                 f"{_many(self.battles, 'battle')} in {seconds:.2f} s ({rate})"]
        rules: dict[str, Counter[str]] = {}
        for (rule, severity), n in self.findings.items():
            rules.setdefault(rule, Counter())[severity] += n
        rows = sorted(rules.items(), key=lambda item: (-sum(item[1].values()), item[0]))
        width = max([len("rule")] + [len(rule) for rule in rules])
        if rows:
            lines.append(f"  {'rule':<{width}}  {'errors':>8}  {'warnings':>8}  {'notices':>8}")
            for rule, counts in rows:
                cells = "  ".join(f"{counts[s]:>8,}" for s in _SEVERITIES)
                lines.append(f"  {rule:<{width}}  {cells}")
        else:
            lines.append("  no findings")
        if self.syntax_errors:
            lines.append(f"  {_many(self.syntax_errors, 'syntax error')}")
        if self.unreadable_files:
            lines.append(f"  {_many(self.unreadable_files, 'unreadable file')}")
        return "\n".join(lines)


def _many(n: int, word: str) -> str:
    """``plural`` with thousands separated: ``20,002 battles``."""
    return plural(n, word).replace(str(n), f"{n:,}", 1)
