# Minimising: sure answers when each side pushes tricks onto the other (misère, nolla).
#
# When MAX plays for the other side's tricks, a side that surely takes every trick left
# (takes_all, seat_runs), this trick (takes_trick) or enough of them (forced_tricks, and with three
# seats the exits of a lone seat, lone_exits), whatever it plays while the others play under it,
# decides the question; pushed_tricks asks them in turn. Where
# they mostly fail they first test every suit at once (holds_suit, under_lowest).

cdef inline uint64_t holds_suit(uint64_t cards) noexcept nogil:
    """The top bit of every suit in which `cards` holds a card."""
    return (cards | ((cards & ~SUIT_TOPS) + (~SUIT_TOPS))) & SUIT_TOPS


cdef inline uint64_t under_lowest(uint64_t cards) noexcept nogil:
    """In every suit, the bits under the lowest card of `cards` (under bit 15 in a suit `cards` does not hold).

    Every suit at once: a top bit set in every suit keeps each suit's subtraction of 1 inside it.
    """
    cdef uint64_t held = cards | SUIT_TOPS
    return (held - 0x0001000100010001ULL) & ~held


cdef inline int below_in_shared_suits(uint64_t mine, uint64_t theirs, uint64_t shared) noexcept nogil:
    """Whether in every suit that `mine` and `theirs` both hold (the top bits `shared`), `theirs` holds a card
    below every card of `mine`.

    takes_all needs it (a card of the other side under the side's lowest, for
    its count of such cards, or every card of the other side under it), and
    it mostly fails there, so it is tested first: every suit at once, with no loop.
    """
    return not (shared & ~holds_suit(theirs & under_lowest(mine)))


cdef inline int ducks_each(uint64_t a, uint64_t h, int most) noexcept nogil:
    """Whether a seat holding `h` of a suit surely ducks each trick of it that the side holding `a` leads.

    2 if it surely does so after leading its lowest card there as well, 1 if only without that lead,
    0 if not sure. At most `most` tricks of the suit come (see takes_all). The seat plays its highest
    card under the card led, which ducks every lead if its j-th lowest card is under the side's j-th
    lowest for each j up to `most` (and its own length): the side leads some of its cards, so the j-th
    lowest card it leads is at least its j-th lowest card, and discards only take cards away. After the
    seat leads its lowest card, the side may have kept its low cards and played high ones: then the
    seat's (j + 1)-th lowest must be under the side's j-th lowest.
    """
    cdef uint64_t z = h, d = a
    cdef int j, n = min(pdd_popcount(h), most), again = 1
    for j in range(n):
        if lowbit(z) > lowbit(d):
            return 0
        z &= z - 1
        if j + 1 < n and lowbit(z) > lowbit(d):
            again = 0
        d &= d - 1
    return 1 + again


cdef inline int takes_all(State* st, int side, uint64_t mine, uint64_t theirs, uint64_t* rel) noexcept nogil:
    """Whether the seats with maxside `side` surely take every trick left, from this trick start.

    For a side the others push tricks onto (misère: the MAX seats want the
    MIN seats to take tricks, and the MIN seats want the MAX seats to). So it
    is if the other side holds no trump and in every suit that both sides
    hold, each seat of the other side holds a card below every card of `side`
    there for each trick of the suit that can come (or all its cards, if
    fewer): each takes a card of `side` (the one led: `side` keeps the lead),
    so at most as many as `side` holds there, and with `follow` a card from
    each seat of `side` that holds the suit, so at most as many as the longest
    of them holds (without `follow` a seat of `side` may keep its card and
    lead it later). The seat, playing its lowest card of the suit led and
    discarding the top card of a suit (never one of those it keeps below),
    never beats a card of `side`; so `side` keeps the lead, and a
    leader of the other side first needs a suit that `side` holds, which with
    `follow` `side` must play above. A seat with fewer cards below also
    ducks every such trick if each of its cards is below a card of `side`
    in turn (ducks_each, where it plays its highest card below the one led).
    With `head` or `lowest_winner`, which may
    force a seat above, every card of the other side must be below every card
    of `side`. `rel` gets, in
    each suit compared, the lowest card of `side` (with the suit lengths, that
    fixes the comparison: every lower card is the other side's), or the
    suit's lowest card where ducks_each decides. `mine` and
    `theirs` are the cards of `side` and of the other side. The caller tests
    below_in_shared_suits first (it mostly fails there).
    """
    cdef uint64_t a, b, used = 0, h, under
    cdef int seat, suit, exit_suit = 0, most, ducks, lead_ok
    cdef int strict = st.cons & (C_HEAD | C_LW)
    if st.trump >= 0 and (theirs & suit_bits(st.trump)):
        return 0
    for suit in range(4):
        a = mine & suit_bits(suit)
        b = theirs & suit_bits(suit)
        if a and b:
            # The cards of the suit below the side's lowest one (all the other side's).
            under = lowbit(a) - 1
            lead_ok = 1
            if b & ~under:
                if strict:
                    return 0
                # A seat with a card above needs a card under for each trick of the suit that can come.
                most = pdd_popcount(a)
                if st.cons & C_FOLLOW:
                    most = 0
                    for seat in range(st.n):
                        if st.maxside[seat] == side and pdd_popcount(st.hands[seat] & a) > most:
                            most = pdd_popcount(st.hands[seat] & a)
                for seat in range(st.n):
                    h = st.hands[seat] & b
                    if (st.maxside[seat] != side and (h & ~under)
                            and pdd_popcount(h & under) < most):
                        ducks = ducks_each(a, h, most)
                        if not ducks:
                            return 0
                        used |= lowbit(b)
                        if ducks == 1:
                            lead_ok = 0
            used |= lowbit(a)
            if lead_ok and (st.hands[st.lead] & b):
                exit_suit = 1
    if st.maxside[st.lead] != side and not (exit_suit and (st.cons & C_FOLLOW)):
        return 0
    rel[0] |= used
    return 1


cdef inline uint64_t kept_low(State* st, int side) noexcept nogil:
    """The cards the other side of `side` surely keeps under a trick: each seat's lowest card of every suit.

    That side wants `side` to win the trick, so each of its seats plays its
    lowest card of the suit led; the highest of those in a suit is the card
    `side` must beat there. With `head` or `lowest_winner` a seat may have to
    play above, so then all its cards (the highest counts).
    """
    cdef int seat
    cdef uint64_t out = 0, h
    for seat in range(st.n):
        if st.maxside[seat] != side:
            h = st.hands[seat]
            out |= h if st.cons & (C_HEAD | C_LW) else h & (under_lowest(h) + 0x0001000100010001ULL)
    return out


cdef int takes_trick(State* st, int side, uint64_t theirs, uint64_t* rel) noexcept nogil:
    """Whether the seats with maxside `side` surely take this trick, from its start.

    For a side the others push tricks onto (see takes_all), when the other
    side holds no trump: its seats then play under (see kept_low). A
    leader of `side` wins if in every suit it holds, its lowest card is above
    that. A leader of the other side leads a suit in which a seat of `side`
    holds only cards above it, which with `follow` that seat must play. `rel`
    gets the lowest card of `side` compared in each such suit (with the suit
    lengths, the holders of every card above it fix the comparison). `theirs`
    is the other side's cards.
    """
    cdef uint64_t hand = st.hands[st.lead], a, used = 0, low, kept
    cdef int seat, suit, top
    if st.trump >= 0 and (theirs & suit_bits(st.trump)):
        return 0
    kept = kept_low(st, side)
    if st.maxside[st.lead] == side:
        for suit in range(4):
            a = hand & suit_bits(suit)
            if a and (theirs & suit_bits(suit)):
                low = kept & suit_bits(suit)
                top = pdd_top(low) if low else -1
                if top > pdd_ctz(a):
                    return 0
                used |= lowbit(a)
        rel[0] |= used
        return 1
    if not (st.cons & C_FOLLOW):
        return 0
    for suit in range(4):
        if not (hand & suit_bits(suit)):
            continue
        low = kept & suit_bits(suit)
        top = pdd_top(low) if low else -1
        for seat in range(st.n):
            a = st.hands[seat] & suit_bits(suit)
            if st.maxside[seat] == side and a and pdd_ctz(a) > top:
                rel[0] |= lowbit(a)
                return 1
    return 0


cdef int forced_tricks(State* st, int side, int need, int fit, uint64_t* rel) noexcept nogil:
    """Whether a seat X of maxside `side` surely takes `need` of the tricks left, from a trick start.

    For a side the others push tricks onto (see takes_all), with `follow`, neither
    `head` nor `lowest_winner`, and no trump present. Each seat of the side
    among `fit` (a bit per seat: those whose partners' cards and lead allow it,
    as some_seat_runs found) is tried as X (see seat_forced_tricks).
    """
    cdef int x
    fit &= st.side_seats[side]
    while fit:
        x = pdd_ctz(fit)
        fit &= fit - 1
        if seat_forced_tricks(st, x, side, need, rel):
            return 1
    return 0


cdef inline int partners_under(State* st, int x, uint64_t hand, uint64_t held, uint64_t under) noexcept nogil:
    """Whether X's partners hold only cards below X's lowest card in every suit X holds, and a partner on lead
    holds no suit X lacks (what seat_runs and seat_forced_tricks ask of X's side).

    `held` is every card of the suits X holds, `under` the cards under X's lowest in each suit (under_lowest).
    """
    if st.side_hands[st.maxside[x]] & ~hand & held & ~under:
        return 0
    return not (st.lead != x and st.maxside[st.lead] == st.maxside[x]
                and holds_suit(st.hands[st.lead]) & ~holds_suit(hand))


cdef int seat_forced_tricks(State* st, int x, int side, int need, uint64_t* rel) noexcept nogil:
    """Whether the seat X of maxside `side` surely takes `need` of the tricks left (see forced_tricks).

    X's partners (the other seats of its side), if any, must hold only cards
    below X's lowest card in every suit X holds (partners_under, which the
    caller asks). In a suit X holds, let r be
    the fewest cards of it that a seat of the other side holds below X's lowest
    card there, if X holds at least as many (else X's cards of it): X takes the
    sum of those counts. The other side's strategy: a seat of theirs on lead
    leads its lowest card of a suit whose count is not yet used up; following,
    each plays its lowest card of the suit led; void in it, each discards a card
    that is not one of its r lowest of such a suit. It holds as many cards as X,
    who holds at least r cards of each such suit and one more that it leads, so
    such a card exists. A trick of such a suit, led by X or by them, X wins: each
    of them plays its lowest card, below X's lowest, whichever card X plays, and
    a partner's card of the suit is below X's. That uses up one of the suit's
    count and one of X's cards there; the other suits' cards stay in the hands.
    A partner never wins a trick, so leads at most the first one, and then
    only if it holds no suit X does not: the suit led is one X holds (the
    partner or X leads it, or they lead a suit with a count), and there X plays
    above every card the partner holds of it (cards only leave the hands, so
    that stays so). So X discards nothing, and until one of them leads the counts
    stand; once one of them leads, X wins that trick. So X wins a trick for each
    count in turn: after each, X leads, and again either a trick of such a suit
    comes or X wins a trick leading (every trick it leads but the last; its
    last card, when they never lead again, is of such a suit). `rel` gets X's
    lowest card in each suit counted and in each suit a partner holds too
    (with the suit lengths, the holders from the top down to it fix the counts
    and the partners' places: every lower card is held below X's lowest).
    """
    cdef int seat, suit, got = 0, r, c
    cdef uint64_t xs, under, used, counted, hand = st.hands[x], partners = st.side_hands[side] & ~hand
    under = under_lowest(hand)
    # The partners' conditions hold (partners_under, asked by the caller). X's lowest card of each suit that a
    # partner holds too goes into `rel` (under + 1 in each suit is the bit of X's lowest card there).
    used = hand & (under + 0x0001000100010001ULL) & ((holds_suit(partners) >> 15) * 0xFFFF)
    # The suits whose count is not 0 (every seat of the other side holds a card under X's lowest), at once first.
    counted = holds_suit(hand)
    for seat in range(st.n):
        if st.maxside[seat] != side:
            counted &= holds_suit(st.hands[seat] & under)
    if not counted:
        return 0
    for suit in range(4):
        if not (counted >> (16 * suit + 15)) & 1:
            continue
        xs = hand & suit_bits(suit)
        # The cards of the suit below X's lowest one.
        under = (lowbit(xs) - 1) & suit_bits(suit)
        r = pdd_popcount(xs)
        for seat in range(st.n):
            if st.maxside[seat] != side:
                c = pdd_popcount(st.hands[seat] & under)
                if c < r:
                    r = c
        if r > 0:
            used |= lowbit(xs)
            got += r
            if got >= need:
                rel[0] |= used
                return 1
    return 0


cdef int seat_runs(State* st, int x, int* fit, uint64_t* rel) noexcept nogil:
    """Whether the seat X surely takes, with its side, every trick left, from a trick start.

    For a side the others push tricks onto (see takes_all), with `follow`,
    neither `head` nor `lowest_winner`, and no trump present. X's hand is safe
    if, in every suit X holds, X's partners hold only cards below X's lowest
    card, and each seat of the other side holds there either only cards below
    it or at least as many cards below it as X holds. Then a card X leads
    wins: a partner follows under it or discards, and the other side's seats
    play under it, so X leads again, and X's hand stays safe. The other side's
    strategy: follow with the lowest card, and void, discard a card that is not
    one of the cards kept below X's lowest in a suit where that seat holds
    cards above it too. Such a card exists: a seat holds as many cards as X,
    and X holds at least one card of the suit led, which that seat does not
    count as kept; the kept cards of a suit are used up only by tricks of it,
    one a trick. So X takes every trick if it leads, if a seat of the other
    side leads holding a suit X holds (it leads its lowest card there, below
    X's lowest, the other seats play as above, and X wins and leads), or if a
    partner leads holding only suits X holds (its card is below X's lowest).
    Unlike takes_all, the partners' other suits never matter (a partner leads
    at most the first trick). Where X leads, a seat with fewer cards below
    X's lowest also plays under every card X leads if its cards are under
    X's in turn (ducks_each: it plays its highest card under the one led, and
    void, discards its highest card of a suit).
    `rel` gets X's lowest card in each suit X holds (with the suit lengths, the
    holders from the top down to it fix every comparison used), and the
    seat's lowest card where ducks_each decides. `fit` gets X's
    bit if X's partners pass (partners_under: forced_tricks asks the same of X).
    """
    cdef int seat, suit, side = st.maxside[x]
    cdef uint64_t hand = st.hands[x], held, under, h, hs, xs, used = 0
    held = (holds_suit(hand) >> 15) * 0xFFFF
    under = under_lowest(hand)
    if not partners_under(st, x, hand, held, under):
        return 0
    fit[0] |= 1 << x
    if st.lead != x and st.maxside[st.lead] != side and not (st.hands[st.lead] & held):
        return 0
    # A suit in which the other side holds a card above X's lowest needs one below it, at least (every suit at
    # once, for the whole side first: it mostly fails here).
    h = st.side_hands[1 - side] & held
    if holds_suit(h & ~under) & ~holds_suit(h & under):
        return 0
    for seat in range(st.n):
        if st.maxside[seat] == side:
            continue
        h = st.hands[seat] & held
        if not (h & ~under):
            continue
        # The same for this seat.
        if holds_suit(h & ~under) & ~holds_suit(h & under):
            return 0
        for suit in range(4):
            hs = h & suit_bits(suit)
            xs = hand & suit_bits(suit)
            if hs & ~under and pdd_popcount(hs & under) < pdd_popcount(xs):
                # Where X leads, X's cards are every card led: cards under X's in turn do (ducks_each).
                if st.lead != x or not ducks_each(xs, hs, pdd_popcount(xs)):
                    return 0
                used |= lowbit(hs)
    for suit in range(4):
        hs = hand & suit_bits(suit)
        if hs and (st.present & suit_bits(suit) & ~hs):
            used |= lowbit(hs)
    rel[0] |= used
    return 1


cdef int some_seat_runs(State* st, int* fit, uint64_t* rel) noexcept nogil:
    """1 or 0 if a seat of maxside 0 or 1 surely takes, with its side, every trick left (see seat_runs), else -1.

    `fit` gets a bit for each seat whose partners pass partners_under (when the answer is -1).
    """
    cdef int x
    for x in range(st.n):
        if seat_runs(st, x, fit, rel):
            return st.maxside[x] == 0
    return -1


cdef inline uint64_t suit_lengths(uint64_t cards) noexcept nogil:
    """The number of `cards` in each suit, in the low bits of the suit's 16 (every suit at once)."""
    cdef uint64_t x = cards - ((cards >> 1) & 0x5555555555555555ULL)
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL
    return (x + (x >> 8)) & 0x001F001F001F001FULL


cdef inline uint64_t longer_than(uint64_t lengths, int n) noexcept nogil:
    """Every card of the suits whose length in `lengths` (see suit_lengths) is above `n` (0 <= n <= 15)."""
    return (((lengths + (0x000F000F000F000FULL - 0x0001000100010001ULL * <uint64_t>n)) >> 4)
            & 0x0001000100010001ULL) * 0xFFFF


cdef int lone_exits(State* st, int need, int left, uint64_t* rel) noexcept nogil:
    """Whether the other side of a lone seat Z surely takes `need` of the tricks left, from a trick start.

    For MAX playing for the other side's tricks with one seat Z of maxside 1
    (three-seat misère), with `follow`, neither `head` nor `lowest_winner`, and no
    trump present. An exit is a card of Z below every card that a seat Y of the other
    side holds in its suit: led by Z, or played by Z when the suit is led, it loses
    the trick (Y must follow above it). Z's strategy: lead an exit while one lasts;
    following a suit with an exit, play the lowest card; void, discard a card that
    is not an exit if it can. So Z plays an exit only in a trick the other side
    takes. Z leads only after winning a trick (or now, `lz`), so while each of Z's
    leads is an exit, the other side takes D >= W - 1 + lz of the tricks, W being
    Z's: D >= need once left >= 2 need - lz. An exit lasts while Y still holds a card of
    the suit; Y plays one card a trick. Before the other side has d + 1 tricks,
    Z leads at most after 2d + 1 - lz tricks (each of Z's wins but the last was
    followed by a trick of theirs), with at most d exits spent (one a trick of
    theirs): so it is enough that for every d < need, the exits of the suits where
    a Y holds more cards than 2d + 1 - lz (its cards there outlast the tricks)
    number d + 1 or more, a suit counting its most exits under one Y. For the
    first trick alone (d = 0, Z not on lead), a Y with one card of the suit keeps
    it if it leads, or holds every suit the leader holds (it never discards).
    `rel` gets Z's highest exit under each Y counted (with the suit lengths, the
    holders from the top down to it fix Y's count and Z's exits).
    """
    cdef int z, lz, k, d, horizon, suit, seat
    cdef uint64_t ys[2]
    cdef uint64_t ex[2]
    cdef uint64_t first[2]
    cdef uint64_t zh, got
    if st.n != 3 or not (st.cons & C_FOLLOW) or (st.cons & (C_HEAD | C_LW)) or (
            st.trump >= 0 and (st.present & suit_bits(st.trump))):
        return 0
    z = 0 if st.maxside[0] else 1 if st.maxside[1] else 2
    if st.maxside[(z + 1) % 3] or st.maxside[(z + 2) % 3]:
        return 0
    lz = st.lead == z
    if left < 2 * need - lz:
        return 0
    zh = st.hands[z]
    for k in range(2):
        ys[k] = st.hands[(z + 1 + k) % 3]
        # Z's exits under this seat: its cards below the seat's lowest, in the suits the seat holds.
        ex[k] = zh & under_lowest(ys[k]) & ((holds_suit(ys[k]) >> 15) * 0xFFFF)
    # Within a suit the exits under the two seats are nested: the union counts the most under one.
    if pdd_popcount(ex[0] | ex[1]) < need:
        return 0
    # The last horizon first: it fails most often.
    d = need - 1
    while d >= 0:
        horizon = 2 * d + 1 - lz
        got = 0
        for k in range(2):
            seat = (z + 1 + k) % 3
            # Every exit counted at a later horizon is counted at the first too. Through the first trick a
            # seat keeps a card of each suit if it leads or holds every suit the leader holds (it never
            # discards there).
            if horizon == 1 and (seat == st.lead or not (holds_suit(st.hands[st.lead]) & ~holds_suit(ys[k]))):
                first[k] = ex[k]
            else:
                first[k] = ex[k] & longer_than(suit_lengths(ys[k]), horizon)
            got |= first[k]
        if pdd_popcount(got) <= d:
            return 0
        d -= 1
    for k in range(2):
        for suit in range(4):
            got = first[k] & suit_bits(suit)
            if got:
                rel[0] |= (<uint64_t>1) << pdd_top(got)
    return 1


cdef int pushed_tricks(State* st, int target, int left, uint64_t* rel) noexcept nogil:
    """For MAX playing for the other side's tricks (misère): 1 or 0 if sure tricks decide `target`, else -1.

    Each side pushes tricks onto the other: see takes_all, seat_runs, takes_trick, forced_tricks and
    lone_exits.
    """
    cdef uint64_t side0 = st.side_hands[0], side1 = st.side_hands[1], shared = holds_suit(side0) & holds_suit(side1)
    cdef int d, plain, fit = 0
    # takes_all mostly fails at its first test: asked here, that saves the calls.
    if below_in_shared_suits(side0, side1, shared) and takes_all(st, 0, side0, side1, rel):
        return 1
    if ((below_in_shared_suits(side1, side0, shared) and takes_all(st, 1, side1, side0, rel))
            or (target == left and takes_trick(st, 1, side0, rel))):
        return 0
    # (Three and more tricks need a seat of the other side with 5 or 6 cards of a suit: never seen to answer.)
    if st.n == 3 and target <= 2 and lone_exits(st, target, left, rel):
        return 1
    # seat_runs and forced_tricks need `follow`, neither `head` nor `lowest_winner`, and no trump present.
    plain = (st.cons & C_FOLLOW) and not (st.cons & (C_HEAD | C_LW)) and not (
        st.trump >= 0 and (st.present & suit_bits(st.trump)))
    if plain:
        d = some_seat_runs(st, &fit, rel)
        if d >= 0:
            return d
    if fit & st.side_seats[1] and target > left - 3 and forced_tricks(st, 1, left - target + 1, fit, rel):
        return 0
    if target == 1 and takes_trick(st, 0, side1, rel):
        return 1
    if fit & st.side_seats[0] and target < 3 and forced_tricks(st, 0, target, fit, rel):
        return 1
    return -1
