"""The one exception type for bad input anywhere in prefdd."""


class InvalidInputError(ValueError):
    """A deal, card, play or option that breaks the notation or the rules.

    The message names the card, hand or trick at fault and the rule broken.

    >>> from prefdd.rules import parse_card
    >>> parse_card("SZ")
    Traceback (most recent call last):
    ...
    prefdd.rules.errors.InvalidInputError: unknown rank 'Z' in card 'SZ' (ranks are A K Q J T/10 ...)
    """
