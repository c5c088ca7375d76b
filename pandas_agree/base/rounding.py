"""Numbers as the digits a report prints: rounded half away from zero, as SPSS prints them."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Context, Decimal

import numpy as np

__all__ = ["rounded_text"]

_SCALES = tuple(10.0**places for places in range(23))  # exact powers of ten: the fast test needs them exact
_FIXED = tuple(f"%.{places}f" for places in range(23))
_BY_PLACES = tuple(zip(_SCALES, _FIXED, strict=True))
_ROUNDER = 1.5 * 2.0**52  # (t + _ROUNDER) - _ROUNDER is t rounded to an integer, for |t| < 2⁵¹
_CLEAR = 0.4999  # a number in units of its last decimal this far from an integer is not a tie: Python's
# formatting, correctly rounded, gives it the digits of its repr rounded (below 10¹⁰ units, its error is < 10⁻⁵)
# enough digits for any float with any number of decimals asked of it (the largest has 309 digits before the point)
_EXACT = Context(prec=1200, rounding=ROUND_HALF_UP, Emax=999_999, Emin=-999_999)


def rounded_text(values, places: int | np.ndarray, notation: str = "f"):
    """Numbers as text, rounded half away from zero on the decimal value ``repr`` shows, as SPSS rounds: the one
    place where a report turns a number into digits.

    A number whose next digit, as ``repr`` writes it, is exactly 5 rounds away from zero: 6.25 with one decimal is
    "6.3", −6.25 is "-6.3", 0.125 with two is "0.13", where Python's formatting rounds the binary value half to
    even ("6.2", "0.12"); and 2.675 with two is "2.68", where Python reads its binary value,
    2.67499999999999982236431605997495353221893310546875, as below the tie ("2.67"). ``repr`` gives the shortest
    decimal that reads back as the same float, so a float is rounded as its digits say and no tolerance is
    added: 0.30000000000000004 with one decimal is "0.3", 1e-17 with three is "0.000", a tie missed by round-off
    (6.249999999999999, 1 − 0.9375 written 0.06250000000000001) rounds as its repr reads. Digits beyond the 17
    significant ones of ``repr`` are 0 (1e22 with no decimals is "10000000000000000000000", not the binary value's
    "9999999999999999161139"). A number that rounds to 0 has no sign ("0.000" for −0.0001 and for −0.0, as Excel
    shows it); NaN and ±inf are written as Python writes them ("nan", "inf", "-inf").

    Parameters
    ----------
    values : float, int or array-like of them
        The numbers: a scalar gives one text, anything else a list of texts (in C order).
    places : int or array of int
        With ``notation="f"``, the decimals (an array of the shape of ``values`` gives each number its own); with
        ``"e"``, the decimals of the significand; with ``"g"``, the significant digits.
    notation : {"f", "e", "g"}
        As in Python's format specification ``.{places}{notation}``: fixed point, scientific notation ("1.235e+15"),
        or ``g``'s choice between the two with trailing zeros dropped.

    Returns
    -------
    str or list of str

    Notes
    -----
    SPSS rounds half away from zero: "Numbers ending in .5 exactly are rounded away from 0. For example, RND(-4.5)
    rounds to -5" (IBM SPSS Statistics Command Syntax Reference, Transformation expressions, Arithmetic functions,
    RND). A number more than 0.0001 units of its last decimal from a tie (and below 10¹⁰ such units) is formatted
    by Python, whose correctly rounded result is then the same, tested on arrays at once; the few others are
    rounded from their ``repr`` by :mod:`decimal`. Formatting costs about what Python's formatting costs.

    Examples
    --------
    >>> from pandas_agree.base.rounding import rounded_text
    >>> rounded_text(6.25, 1), rounded_text(-6.25, 1), rounded_text(0.125, 2), rounded_text(2.675, 2)
    ('6.3', '-6.3', '0.13', '2.68')
    >>> f"{6.25:.1f}", f"{2.675:.2f}"  # Python's formatting: half to even, on the binary value
    ('6.2', '2.67')
    >>> import numpy as np
    >>> rounded_text(np.array([0.30000000000000004, np.nan, -1e-17, 2.5, -np.inf]), 0)
    ['0', 'nan', '0', '3', '-inf']
    >>> rounded_text([0.0625, 0.0625], [3, 2])
    ['0.063', '0.06']
    >>> rounded_text(1.2345e15, 3, "e"), rounded_text(0.000123456785, 8, "g"), rounded_text(95.0, 6, "g")
    ('1.235e+15', '0.00012345679', '95')
    """
    if type(values) is float and type(places) is int and notation == "f" and 0 <= places < 23:  # (fast)
        scale, template = _BY_PLACES[places]
        t = values * scale  # the number in units of its last decimal
        # t less its nearest integer (exact below 10¹⁰; 1.5·2⁵² is _ROUNDER) is further from ±0.5 than the error of
        # t (below 10⁻⁵): no tie, and Python's correctly rounded formatting gives the digits of the repr rounded
        if -0.4999 < t - ((t + 6755399441055744.0) - 6755399441055744.0) < 0.4999 and -1e10 < t < 1e10:
            return template % values if t >= 0.5 or t <= -0.5 else template % 0.0  # 0 without a sign
    if notation not in ("f", "e", "g"):
        raise ValueError(f"notation must be 'f', 'e' or 'g', not {notation!r}")
    if isinstance(values, (float, int, np.floating, np.integer)):
        if notation == "f" and type(values) is not float:
            return rounded_text(float(values), int(places))
        return _exact(float(values), int(places), notation)
    given = np.asarray(values, dtype=float)
    numbers = given.ravel()
    listed = numbers.tolist()
    if notation != "f":
        counts = np.broadcast_to(np.asarray(places, dtype=np.int64), given.shape).ravel().tolist()
        return [_exact(x, p, notation) for x, p in zip(listed, counts, strict=True)]
    if np.ndim(places) == 0 and 0 <= int(places) < 23:
        places = int(places)
        template = _FIXED[places]
        texts = [template % x for x in listed]
        scales = _SCALES[places]
        small = np.abs(numbers) < 1e10 / scales  # below 10¹⁰ units of the last decimal (not NaN, not inf)
        counts = None
    else:
        counts = np.broadcast_to(np.asarray(places, dtype=np.int64), given.shape).ravel()
        inside = (counts >= 0) & (counts < 23)
        texts = [_FIXED[p] % x if 0 <= p < 23 else "" for x, p in zip(listed, counts.tolist(), strict=True)]
        scales = 10.0 ** np.where(inside, counts, 0)
        small = inside & (np.abs(numbers) < 1e10 / scales)
    # the scalar test above (the others from their repr, NaN and inf written as Python writes them); and the numbers
    # below 0 that round to 0 (and -0.0), which Python writes with a sign
    scaled = np.where(small, numbers, 0.0) * scales
    exact = ~(small & (np.abs(scaled - np.rint(scaled)) < _CLEAR)) | (np.signbit(numbers) & (scaled > -0.5))
    for i in np.flatnonzero(exact).tolist():
        texts[i] = _exact(listed[i], places if counts is None else int(counts[i]), "f")
    return texts


def _exact(x: float, places: int, notation: str) -> str:
    """:func:`rounded_text` of one float, from the decimal value of its ``repr`` (any float, any ``places``)."""
    if places < 0:
        raise ValueError(f"places must be 0 or more, not {places}")
    if not math.isfinite(x) or x == 0:  # nothing to round (0 without a sign)
        return f"{abs(x) if x == 0 else x:.{places}{notation}}"
    text = repr(x)
    if notation != "f":
        significant = places + 1 if notation == "e" else max(places, 1)
        digits = text.lstrip("-").split("e")[0].replace(".", "").strip("0")  # the repr's significant digits
        if significant <= 15 and abs(x) >= 2.2250738585072014e-308 and (len(digits) != significant + 1 or
                                                                        digits[-1] != "5"):
            # not a tie: no tie lies between the binary value and its repr (a tie nearer the binary value than a
            # repr of more digits would be the repr; one nearer than a repr of at most 15 digits is not a normal
            # float's),
            # and Python's correctly rounded digits are the repr's rounded
            return f"{x:.{places}{notation}}"
    value = Decimal(text)
    if notation == "f":
        text = format(_EXACT.quantize(value, Decimal((0, (1,), -places))), "f")
        return text[1:] if text[0] == "-" and not text.strip("-0.") else text  # 0 without a sign
    if notation == "g":
        significant = max(places, 1)
        exponent = _significand(value, significant)[2]
        if -4 <= exponent < significant:
            text = _exact(x, significant - 1 - exponent, "f")
            return text.rstrip("0").rstrip(".") if "." in text else text
        sign, digits, exponent = _significand(value, significant)
        mantissa = (digits[0] + "." + digits[1:]).rstrip("0").rstrip(".")
        return f"{sign}{mantissa}e{'+' if exponent >= 0 else '-'}{abs(exponent):02d}"
    sign, digits, exponent = _significand(value, places + 1)
    mantissa = digits[0] + ("." + digits[1:] if places else "")
    return f"{sign}{mantissa}e{'+' if exponent >= 0 else '-'}{abs(exponent):02d}"


def _significand(value: Decimal, significant: int) -> tuple[str, str, int]:
    """The sign ("" or "-"), the ``significant`` digits and the exponent of ``value`` rounded half away from zero
    to that many significant digits (0 as all zeros with exponent 0)."""
    rounded = Context(prec=significant, rounding=ROUND_HALF_UP, Emax=999_999, Emin=-999_999).plus(value)
    sign, digits, _ = rounded.as_tuple()
    text = "".join(map(str, digits)).lstrip("0")
    if not text:
        return "-" if sign else "", "0" * significant, 0
    return "-" if sign else "", (text + "0" * significant)[:significant], rounded.adjusted()
