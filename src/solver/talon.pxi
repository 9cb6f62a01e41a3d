# The talon: the declarer's best discard, every discard searched in one loop without the GIL.
#
# Discards that leave the same position up to ranks are searched once. The cheapest-looking come
# first; after the first, each is asked only whether it beats the best so far (side_reaches,
# side_exact). Engine.talon_values runs it row by row (the batched talon answers, talon_batch).

cdef enum:
    MAX_DISCARDS = 136  # pairs of 17 cards


cdef int side_reaches(State* st, int target, int minimise, int total) noexcept nogil:
    """Whether the declarer reaches `target` in the loaded position: his tricks, or with `minimise`
    the tricks he leaves to the defenders (the engine's MAX side then being the defenders)."""
    if target <= 0:
        return 1
    if minimise:
        return 1 - probe(st, total - target + 1)
    return probe(st, target)


cdef int side_exact(State* st, int guess, int low, int minimise, int total) noexcept nogil:
    """The loaded position's value (as side_reaches counts it), searched outward from `guess`."""
    cdef int high = total, target
    while low < high:
        target = guess
        if target < low + 1:
            target = low + 1
        if target > high:
            target = high
        if side_reaches(st, target, minimise, total):
            low = target
            guess = target + 1
        else:
            high = target - 1
            guess = target - 1
    return low


cdef inline int keep_cost(State* st, int card, int minimise) noexcept nogil:
    """A guess at what laying `card` away costs the declarer: its strength (trumps more); misère the reverse."""
    if minimise:
        return -(card & 15)
    return (card & 15) + (16 if card >> 4 == st.trump else 0)


cdef int add_discard(State* st, uint64_t* discards, int* costs, int count, int a, int b, int minimise,
                     uint64_t first) noexcept nogil:
    """Insert the discard of cards `a` and `b` (-1: none) into the list kept cheapest-looking first
    (the earlier among equals; `first` before all): high cards kept for tricks, given up for misère."""
    cdef uint64_t d = (<uint64_t>1) << a
    cdef int cost = keep_cost(st, a, minimise), k
    if b >= 0:
        d |= (<uint64_t>1) << b
        cost += keep_cost(st, b, minimise)
    if d == first:
        cost = -1000
    k = count
    while k > 0 and costs[k - 1] > cost:
        discards[k] = discards[k - 1]
        costs[k] = costs[k - 1]
        k -= 1
    discards[k] = d
    costs[k] = cost
    return count + 1


cdef int talon_best(State* st, Setup* su, int me, int size, int minimise, int total,
                    int* guess, uint64_t* first) noexcept nogil:
    """The declarer's best value over every discard of `size` cards (1 or 2) from his hand.

    Discards that leave the same position up to ranks (the same table shape and
    holders, as make_probe sees them) are searched once. The previous answer's
    discard (`first`, if he holds it) is tried first, then the cheapest-looking
    ones, the first searched outward from `guess`; every later one is asked only
    whether it beats the best so far. On return `guess` and `first` hold the
    value and a discard that gives it.
    """
    cdef uint64_t hand = su.hands[me]
    cdef uint64_t discards[MAX_DISCARDS]
    cdef uint64_t keys[MAX_DISCARDS * 6]
    cdef int costs[MAX_DISCARDS]
    cdef int cards[17]
    cdef int m = 0, count = 0, i, j, seen = 0, best = -1
    cdef uint64_t rest = hand, best_discard = 0
    cdef Probe pr
    while rest:
        cards[m] = pdd_top(rest)
        rest &= ~((<uint64_t>1) << cards[m])
        m += 1
    for i in range(m):
        if size == 1:
            count = add_discard(st, discards, costs, count, cards[i], -1, minimise, first[0])
        else:
            for j in range(i + 1, m):
                count = add_discard(st, discards, costs, count, cards[i], cards[j], minimise, first[0])
    for i in range(count):
        su.hands[me] = hand & ~discards[i]
        load(st, su)
        make_probe(st, &pr)
        for j in range(seen):
            if (keys[6 * j] == pr.shape0 and keys[6 * j + 1] == pr.shape1 and keys[6 * j + 2] == pr.seq[0]
                    and keys[6 * j + 3] == pr.seq[1] and keys[6 * j + 4] == pr.seq[2]
                    and keys[6 * j + 5] == pr.seq[3]):
                break
        else:
            keys[6 * seen] = pr.shape0
            keys[6 * seen + 1] = pr.shape1
            keys[6 * seen + 2] = pr.seq[0]
            keys[6 * seen + 3] = pr.seq[1]
            keys[6 * seen + 4] = pr.seq[2]
            keys[6 * seen + 5] = pr.seq[3]
            seen += 1
            if best < 0:
                best = side_exact(st, guess[0], 0, minimise, total)
                best_discard = discards[i]
            elif side_reaches(st, best + 1, minimise, total):
                best = side_exact(st, best + 2, best + 1, minimise, total)
                best_discard = discards[i]
            if best == total:
                break
    su.hands[me] = hand
    guess[0] = best
    first[0] = best_discard
    return best
