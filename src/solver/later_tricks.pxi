# Later tricks: tricks a side surely takes or loses some time, not at once (DDS's LaterTricks).
#
# Top trumps take their tricks whatever is played (trump_tricks); a leader whose every suit is
# topped by the other side loses the trick (lead_lost); the second trump behind the top one takes
# a trick (trump_behind, and trump_led_behind when its side leads); a side whose longest holdings
# in the suits it tops are fewer than the tricks left cannot take them all (not_all_tricks). Each
# settles a question without a search.

cdef int trump_tricks(State* st, int side, uint64_t* rel) noexcept nogil:
    """Tricks the seats with maxside `side` take with trumps whatever anyone plays.

    Every card is played some time, and a trump higher than every trump of the
    other side wins its trick for the side (a higher one there is the partner's).
    One seat plays its cards to different tricks, so each of its trumps above all
    of the other side's takes a trick. `rel` gets the trumps counted, none if the
    other side holds no trump (then the suit lengths alone make the count).
    """
    cdef uint64_t tb = suit_bits(st.trump), opp = st.side_hands[1 - side] & tb, mine, best_bits = 0
    cdef int seat, best = 0, c
    if opp:
        # The trumps above every trump of the other side.
        tb = above(pdd_top(opp))
    if not (st.side_hands[side] & tb):
        return 0
    if st.pairs:
        # The side's two seats, seat and seat + 2 (the lower one first, as the loop below takes them).
        seat = 0 if st.maxside[0] == side else 1
        best_bits = st.hands[seat] & tb
        mine = st.hands[seat + 2] & tb
        if pdd_popcount(mine) > pdd_popcount(best_bits):
            best_bits = mine
        if opp:
            rel[0] |= best_bits
        return pdd_popcount(best_bits)
    for seat in range(st.n):
        if st.maxside[seat] == side:
            mine = st.hands[seat] & tb
            c = pdd_popcount(mine)
            if c > best:
                best = c
                best_bits = mine
    if opp:
        rel[0] |= best_bits
    return best


cdef int split_trumps(State* st, int* side, uint64_t* rel) noexcept nogil:
    """Two sides of partners, `follow` alone: tricks (0, 1 or 2) the side holding the second trump (its maxside
    in `side`) surely takes with the top three trumps when trump_tricks counts them short (DDS's LaterTricks
    counts so); the other side takes none so.

    Two: the side holds the two top trumps in different seats, one of which holds
    another trump; it keeps them apart (one plays its other trump on the trick the
    other's top trump is forced to). One: the other side holds the top trump and
    the side the second and third, the second's seat holding another trump; the
    top trump takes at most one of them. `rel` gets the trumps counted.
    """
    cdef uint64_t trumps = st.present & suit_bits(st.trump)
    cdef int t1, t2, t3, o1, o2
    if pdd_popcount(trumps) < 3:
        return 0
    t1 = pdd_top(trumps)
    trumps ^= (<uint64_t>1) << t1
    t2 = pdd_top(trumps)
    trumps ^= (<uint64_t>1) << t2
    t3 = pdd_top(trumps)
    o1 = owner(st, t1)
    o2 = owner(st, t2)
    side[0] = st.maxside[o2]
    if st.maxside[o1] == side[0]:
        if o1 != o2 and (pdd_popcount(st.hands[o1] & suit_bits(st.trump)) > 1
                         or pdd_popcount(st.hands[o2] & suit_bits(st.trump)) > 1):
            rel[0] |= ((<uint64_t>1) << t1) | ((<uint64_t>1) << t2)
            return 2
        return 0
    if st.maxside[owner(st, t3)] == side[0] and pdd_popcount(st.hands[o2] & suit_bits(st.trump)) > 1:
        rel[0] |= ((<uint64_t>1) << t1) | ((<uint64_t>1) << t2) | ((<uint64_t>1) << t3)
        return 1
    return 0


cdef int can_beat(State* st, int seat, int led, int card) noexcept nogil:
    """With `follow` alone: whether `seat` may play a card that beats `card` in a trick led in `led`."""
    cdef uint64_t h = st.hands[seat], hl = h & suit_bits(led)
    if hl:
        return (card >> 4) == led and (hl & above(card)) != 0
    if st.trump < 0 or not (h & suit_bits(st.trump)):
        return 0
    if (card >> 4) == st.trump:
        return (h & above(card)) != 0
    return 1


cdef int side_beats(State* st, int side, int first, int led, int card) noexcept nogil:
    """Whether a seat of maxside `side`, from trick position `first` on, may beat `card` (see can_beat)."""
    cdef int pos, seat
    for pos in range(first, st.n):
        seat = seat_at(st, pos)
        if st.maxside[seat] == side and can_beat(st, seat, led, card):
            return 1
    return 0


cdef int lead_lost(State* st, uint64_t* rel) noexcept nogil:
    """With `follow` alone, at a trick start: whether the leader's side surely loses the trick.

    So it is if in every suit the leader holds, the top card is the other
    side's and no other seat of the leader's side can beat it (by a trump when
    void). `rel` gets those top cards.
    """
    cdef int suit, top, side = st.maxside[st.lead]
    cdef uint64_t present = present_cards(st), used = 0
    for suit in range(4):
        if not (st.hands[st.lead] & suit_bits(suit)):
            continue
        top = pdd_top(present & suit_bits(suit))
        if st.hands[st.lead] & ((<uint64_t>1) << top):
            return 0
        if st.maxside[owner(st, top)] == side:
            return 0
        if side_beats(st, side, 1, suit, top):
            return 0
        used |= (<uint64_t>1) << top
    rel[0] |= used
    return 1


cdef int trump_behind(State* st, uint64_t* rel) noexcept nogil:
    """Two sides of partners, `follow` alone, the leader's side needing every trick left: whether the other side
    surely takes one (0 in any other game).

    So it is if the top trump is the leader's side's and the second is held,
    with another trump, by the seat after the top trump's holder (DDS's
    LaterTricks counts so). While the leader's side takes every trick, it
    leads each, so the top trump's holder plays before that seat in every
    trick. That seat plays its second trump as soon as it may after the top
    trump is gone, or after the top trump's holder has played another card to
    the trick in progress: only the top trump beats it, so it wins. Until
    then it plays trumps only to the trick of the top trump, and then not the
    second one: it has another card to play there (one of the side suit led,
    or a trump). `rel` gets the two trumps.
    """
    cdef uint64_t tb, trumps
    cdef int top, second, a, h
    if not st.pairs or st.trump < 0:
        return 0
    tb = suit_bits(st.trump)
    trumps = st.present & tb
    if not trumps:
        return 0
    top = pdd_top(trumps)
    trumps ^= (<uint64_t>1) << top
    if not trumps:
        return 0
    second = pdd_top(trumps)
    a = owner(st, top)
    h = (a + 1) & 3
    if (st.maxside[a] != st.maxside[st.lead] or not ((st.hands[h] >> second) & 1)
            or pdd_popcount(st.hands[h] & tb) < 2):
        return 0
    rel[0] |= ((<uint64_t>1) << top) | ((<uint64_t>1) << second)
    return 1


cdef int trump_led_behind(State* st, uint64_t* rel) noexcept nogil:
    """Two sides of partners, `follow` alone: whether the leader's side surely takes a trick with the second trump
    behind the top one (0 in any other game; DDS's LaterTricks counts so).

    As trump_behind, from the side of the seat holding the second trump and
    another, right after the other side's top trump: while its side takes no
    trick, the other side leads every trick after this one, so the top trump's
    holder plays before that seat in each. This trick is led by its partner
    (the top trump's holder then plays before it too) or by itself with a card
    outside trumps. `rel` gets the two trumps.
    """
    cdef uint64_t tb, trumps
    cdef int top, second, h
    if not st.pairs or st.trump < 0:
        return 0
    tb = suit_bits(st.trump)
    trumps = st.present & tb
    if pdd_popcount(trumps) < 2:
        return 0
    top = pdd_top(trumps)
    second = pdd_top(trumps ^ ((<uint64_t>1) << top))
    h = (owner(st, top) + 1) & 3
    if (st.maxside[h] != st.maxside[st.lead] or not ((st.hands[h] >> second) & 1)
            or pdd_popcount(st.hands[h] & tb) < 2 or (h == st.lead and not (st.hands[h] & ~tb))):
        return 0
    rel[0] |= ((<uint64_t>1) << top) | ((<uint64_t>1) << second)
    return 1


cdef int not_all_tricks(State* st, int side, uint64_t* rel) noexcept nogil:
    """With `follow` alone and no trump in any hand: whether the seats of maxside `side` cannot take every trick left.

    A trick is won by the top card of the suit led. Each trick the side takes in
    a suit takes a card of that suit from each of its seats holding one, so in
    a suit it takes at most as many tricks as its longest holding there; while
    the other side holds a suit's top card the side takes no trick in it but
    through discards, and (as DDS's LaterTricks counts) the side then cannot take
    every trick if its longest holdings in the suits whose top card it holds add
    up to fewer than the tricks left. `rel` gets the other side's top cards
    (the side's own may move to the other side without changing the answer).
    """
    cdef int suit, seat, top, longest, total = 0, ln
    cdef uint64_t present = present_cards(st), sb, used = 0
    if st.trump >= 0 and (present & suit_bits(st.trump)):
        return 0
    for suit in range(4):
        sb = suit_bits(suit)
        if not (present & sb):
            continue
        top = pdd_top(present & sb)
        if st.maxside[owner(st, top)] == side:
            longest = 0
            for seat in range(st.n):
                if st.maxside[seat] == side:
                    ln = pdd_popcount(st.hands[seat] & sb)
                    if ln > longest:
                        longest = ln
            total += longest
        elif present & sb & ~st.hands[owner(st, top)]:
            used |= (<uint64_t>1) << top
    if total >= pdd_popcount(st.hands[st.lead]):
        return 0
    rel[0] |= used
    return 1
