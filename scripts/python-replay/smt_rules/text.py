"""Lines and text helpers shared by every part (src/core/lines.ts, transcript.ts)."""
from __future__ import annotations


# ---------------------------------------------------------------------------------------------------
# Lines (src/core/lines.ts, transcript.ts)
# ---------------------------------------------------------------------------------------------------

BOM = '\ufeff'
INPUT_PREFIX = 'INPUT: '
# JavaScript's whitespace (String.prototype.trim, regex \s); Python's str.strip differs (\x1c-\x1f, \ufeff).
JS_SPACE = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a' \
           '\u2028\u2029\u202f\u205f\u3000\ufeff'
LINE_TERMINATORS = '\n\r\u2028\u2029'


def js_trim(text: str) -> str:
    return text.strip(JS_SPACE)


def clean_line(line: str, first: bool) -> str:
    """Removes a trailing CR and, on the first line of a stream only, a leading BOM."""
    if first and line.startswith(BOM):
        line = line[1:]
    if line.endswith('\r'):
        line = line[:-1]
    return line


def split_lines(text: str) -> list[str]:
    """A whole text as lines: a final newline adds no empty line; an unterminated last line is kept."""
    if text == '':
        return []
    parts = text.split('\n')
    if parts[-1] == '':
        parts.pop()
    return [clean_line(p, i == 0) for i, p in enumerate(parts)]


def read_text(path: str) -> str:
    with open(path, 'rb') as f:
        return f.read().decode('utf-8', errors='replace')


class InternalError(Exception):
    pass
