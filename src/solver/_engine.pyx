# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The double-dummy search engine, in C structs and without the GIL.

A hand is a 64-bit mask: 16 bits per play suit, bit ``16*suit + order`` for a
card of that play suit and strength ``order`` (0 = lowest). The Python layer
maps printed cards to these bits once (Polskt pass jacks live above the
trump ace), so the engine knows nothing of decks or games: only seats, a
trump suit, the play constraints and a goal.

The search answers zero-window questions ("can the MAX seats make the
counted seats take T more tricks?", or "does the MAX player win the deal?") by alpha-beta over single
cards, with a transposition table at trick boundaries keyed by relative
ranks and storing bounds; :meth:`Engine.value` drives the questions.
"""

from libc.stdint cimport int8_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

include "state.pxi"
include "moves.pxi"
include "ordering.pxi"
include "transposition.pxi"
include "quick_tricks.pxi"
include "minimising.pxi"
include "later_tricks.pxi"

GOAL_TRICKS = G_TRICKS
GOAL_WIN = G_WIN


cdef int win_decided(State* st, int left) noexcept nogil:
    """For the Polskt pass goal: 1 or 0 if the deal's winner is already settled, else -1."""
    cdef int p = -1, q, others_short = 1
    for q in range(st.n):
        if st.maxside[q]:
            p = q
    if st.won[p] >= 3:
        return 1
    for q in range(st.n):
        if q != p:
            if st.won[q] >= 3:
                return 0
            if st.won[q] + left >= 3:
                others_short = 0
    if left == 0:
        return st.first2 == p
    if st.first2 >= 0 and st.first2 != p and st.won[p] + left < 3:
        return 0
    if st.first2 == p and others_short:
        return 1
    return -1


cdef int last_trick(State* st, int target, uint64_t* rel) noexcept nogil:
    """Whether the counted seats' last trick reaches `target` (GOAL_TRICKS, 1 card each)."""
    cdef int i, seat, card, w = pdd_ctz(st.hands[st.lead]), wseat = st.lead
    cdef uint64_t all_cards = st.hands[st.lead]
    for i in range(1, st.n):
        seat = seat_at(st, i)
        card = pdd_ctz(st.hands[seat])
        all_cards |= st.hands[seat]
        if card_beats(st, card, w):
            w = card
            wseat = seat
    if all_cards & suit_bits(w >> 4) & ~((<uint64_t>1) << w):
        rel[0] |= (<uint64_t>1) << w
    return st.counted[wseat] >= target


cdef int trick_node(State* st, int target, uint64_t* rel) noexcept nogil:
    """Can MAX reach `target` more tricks (or win the deal) from this trick start?

    `rel` gets the cards whose ranks decided the answer: every position with
    the same suit lengths in each hand that agrees with this one on who holds
    each card from the top of each suit down to its lowest card in `rel` has
    the same answer (with follow and ruff alone; with head or lowest_winner,
    whose legality depends on ranks, the table keeps every card).
    """
    cdef int left = pdd_popcount(st.hands[st.lead]), d, result
    cdef Probe pr
    cdef uint64_t r = 0
    rel[0] = 0
    if st.goal == G_TRICKS:
        if target <= 0:
            return 1
        if target > left:
            return 0
        if left == 1:
            return last_trick(st, target, rel)
        if st.trump >= 0:
            if trump_tricks(st, st.counted_side, rel) >= target:
                rel[0] = top_n(rel[0], target)
                return 1
            rel[0] = 0
            if left - trump_tricks(st, 1 - st.counted_side, rel) < target:
                rel[0] = top_n(rel[0], left - target + 1)
                return 0
            rel[0] = 0
        if not st.counted_side:
            # MAX plays for the other side's tricks: each side pushes tricks onto the other.
            d = pushed_tricks(st, target, left, rel)
            if d >= 0:
                return d
            rel[0] = 0
        if st.qt_ok:
            if st.maxside[st.lead]:
                if quick_tricks(st, rel) >= target:
                    if not fewer_winners(st, target, rel) and not ruffed_transfer(st, target, rel):
                        fewer_cashed(st, target, rel)
                    return 1
            elif left - quick_tricks(st, rel) < target:
                if not fewer_winners(st, left - target + 1, rel) and not ruffed_transfer(st, left - target + 1, rel):
                    fewer_cashed(st, left - target + 1, rel)
                return 0
            rel[0] = 0
            d = target if st.maxside[st.lead] else left - target + 1
            # Mostly one or two tricks: the transfer and a winner (more are rare and cost the calls).
            if d <= 2 and st.trump >= 0 and other_side_trumps(st):
                if ruffed_transfer(st, d, rel):
                    return st.maxside[st.lead]
                rel[0] = 0
            if st.cons == C_FOLLOW and (target >= left if st.maxside[st.lead] else target <= 1):
                if lead_lost(st, rel):
                    return 1 - st.maxside[st.lead]
                rel[0] = 0
                if trump_behind(st, rel):
                    return 1 - st.maxside[st.lead]
                rel[0] = 0
            if st.cons == C_FOLLOW and (target >= left or target <= 1):
                # One side needs every trick left: MAX for `target`, or MIN for MAX's one.
                if not_all_tricks(st, 1 if target >= left else 0, rel):
                    return 0 if target >= left else 1
                rel[0] = 0
    else:
        d = win_decided(st, left)
        if d >= 0:
            return d
    make_probe(st, &pr)
    d = tt_lookup(st, &pr, target, rel)
    if d >= 0:
        return d
    result = play_node(st, target, &r)
    tt_store(st, &pr, target, result, r, left)
    rel[0] = r
    return result


cdef inline int same_as_failed(uint64_t acc, int* failed_low, int card) noexcept nogil:
    """Whether `card` surely fails as a card of its suit already tried and failed at this node did.

    `acc` holds the cards whose ranks decided the failed moves' answers. Two cards
    of one suit, both below the lowest card of `acc` in that suit, lead to
    positions that agree on every card that mattered (the same suit lengths, the
    same holders above), so the second has the answer of the first (DDS skips such
    moves the same way). Not with head or lowest_winner, whose legality depends on ranks.
    """
    cdef int suit = card >> 4, low = failed_low[suit], top
    cdef uint64_t ranks = acc & suit_bits(suit)
    if low < 0:
        return 0
    top = pdd_ctz(ranks) if ranks else 16 * suit + 16
    return low < top and card < top


cdef int play_node(State* st, int target, uint64_t* rel) noexcept nogil:
    """Alpha-beta over the cards of the player to move, part way through a trick.

    `rel` gets the cards whose ranks decided the answer (see trick_node).
    """
    cdef int moves[16]
    cdef int count, i, result, winner, next_target, wcard
    cdef int is_max = st.maxside[to_move(st)]
    cdef uint64_t allowed, reps, child, acc = 0, present, tb, run
    cdef int failed_low[4]
    cdef int skips = not (st.cons & (C_HEAD | C_LW))
    failed_low[0] = failed_low[1] = failed_low[2] = failed_low[3] = -1
    st.nodes += 1
    allowed = legal_moves(st)
    reps = representatives(st, allowed) if allowed & (allowed - 1) else allowed
    if reps & (reps - 1):
        count = order_moves(st, reps, moves) if st.counted_side else order_ducks(st, reps, moves)
    else:
        # One move: nothing to order.
        moves[0] = pdd_ctz(reps)
        count = 1
    for i in range(count):
        if skips and same_as_failed(acc, failed_low, moves[i]):
            continue
        play_card(st, moves[i])
        winner = st.undo[st.ply - 1].winner
        child = 0
        if winner >= 0:
            next_target = target - st.counted[winner] if st.goal == G_TRICKS else target
            st.trick_nodes += 1
            result = trick_node(st, next_target, &child)
            # A trick won by rank against a card of the same suit makes the winner's rank matter.
            tb = st.undo[st.ply - 1].trickbits
            wcard = st.tcards[(st.tno - 1) * MAX_SEATS + st.undo[st.ply - 1].winpos_done]
            if tb & suit_bits(wcard >> 4) & ~((<uint64_t>1) << wcard):
                child |= (<uint64_t>1) << wcard
        else:
            result = play_node(st, target, &child)
        unplay_card(st)
        if result == is_max:
            if st.ntrick == 0:
                st.killer[pdd_popcount(st.hands[st.lead])] = moves[i]
                if not st.counted_side:
                    remember_lead(st, moves[i])
            rel[0] = child
            return result
        acc |= child
        if failed_low[moves[i] >> 4] < 0 or moves[i] < failed_low[moves[i] >> 4]:
            failed_low[moves[i] >> 4] = moves[i]
    # Every move failed: the cards a searched move stands for may take its place
    # (a lone legal card stands for itself alone).
    if allowed & (allowed - 1):
        present = present_cards(st)
        for i in range(count):
            run = run_of(present, allowed, moves[i])
            if acc & run:
                acc |= run
    rel[0] = acc
    return 1 - is_max


cdef int probe(State* st, int target) noexcept nogil:
    cdef uint64_t rel
    if st.goal == G_TRICKS and target <= 0:
        return 1
    if st.ntrick == 0:
        return trick_node(st, target, &rel)
    return play_node(st, target, &rel)


cdef int estimate(State* st, int left) noexcept nogil:
    """A guess of the counted seats' tricks from their high cards (and trumps), for the value driver.

    Each suit's top four present cards are worth 4, 3, 2 and 1; the counted
    side's share of those points, times the tricks left, plus two thirds of a
    trick for each trump it holds above half of the trumps. Only a start for
    the search: any guess gives the same value.
    """
    cdef uint64_t present = present_cards(st), rest, mine = 0
    cdef int suit, i, c, got = 0, total = 0, trumps = 0, est
    for i in range(st.n):
        if st.counted[i]:
            mine |= st.hands[i]
    for suit in range(4):
        rest = present & suit_bits(suit)
        for i in range(4):
            if not rest:
                break
            c = pdd_top(rest)
            rest ^= (<uint64_t>1) << c
            total += 4 - i
            if (mine >> c) & 1:
                got += 4 - i
    if total == 0:
        return left // 2
    est = (2 * left * got + total) // (2 * total)
    if st.trump >= 0:
        trumps = pdd_popcount(present & suit_bits(st.trump))
        # Rounded down, below zero too.
        est += (2 * (2 * pdd_popcount(mine & suit_bits(st.trump)) - trumps) + 60) // 6 - 10
    return est


cdef int search_value(State* st) noexcept nogil:
    """MAX's best result from the position: more tricks (G_TRICKS) or 1/0 for a won deal (G_WIN)."""
    cdef int lo = 0, hi = pdd_popcount(st.hands[to_move(st)]), mid
    if hi == 0:
        return 0 if st.goal == G_TRICKS else win_decided(st, 0)
    if st.goal == G_WIN:
        return probe(st, 1)
    if not st.counted_side:
        # MAX plays for the other side's tricks (misère): the value is mostly near the top.
        while lo < hi and not probe(st, hi):
            hi -= 1
        return hi
    if st.n == 4:
        # Four seats (Priffe's 52 cards): walk one trick at a time from one above the
        # estimate (it runs low), so that most probes are at the value and the one above.
        mid = estimate(st, hi) + 1
        if mid < 1:
            mid = 1
        elif mid > hi:
            mid = hi
        if probe(st, mid):
            while mid < hi and probe(st, mid + 1):
                mid += 1
            return mid
        mid -= 1
        while mid > 0 and not probe(st, mid):
            mid -= 1
        return mid
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if probe(st, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


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


cdef class Engine:
    """A search engine with its own transposition table; one per thread.

    Positions are set with :meth:`set_position` in engine terms (seats in play
    order, 64-bit hands); the Python API in :mod:`solver.api` does that mapping.
    """

    cdef State st
    cdef dict contexts

    def __cinit__(self, int table_mb=256):
        cdef uint64_t nslots = 1
        cdef uint64_t budget = (<uint64_t>table_mb) * 1024 * 1024
        cdef int i
        while nslots * 2 * sizeof(Slot) <= budget // 4:
            nslots *= 2
        self.st.slots = <Slot*>calloc(nslots, sizeof(Slot))
        self.st.npool = min((budget - nslots * sizeof(Slot)) // sizeof(Entry), 0xFFFFFFFF)
        self.st.pool = <Entry*>calloc(self.st.npool, sizeof(Entry))
        if self.st.slots == NULL or self.st.pool == NULL:
            raise MemoryError(f"cannot allocate a {table_mb} MB transposition table")
        self.st.nslots = nslots
        self.st.nactive = min(nslots, SLOTS_START)
        touch_slots(&self.st, 0, self.st.nactive)
        self.st.epoch = 1
        for i in range(17):
            self.st.killer[i] = -1
        self.st.slots_used = 0
        self.st.pool_used = 0
        self.contexts = {}

    def __dealloc__(self):
        free(self.st.slots)
        free(self.st.pool)

    cdef int fill(self, Setup* su, tuple args) except -1:
        """Check a position's arguments (as set_position's) and write them into `su`."""
        hands, trump, constraints, lw_seat, declarer, goal, maxside, counted, leader, trick, won, first2 = args
        cdef int i, n = len(hands)
        if not 2 <= n <= MAX_SEATS:
            raise ValueError(f"the engine plays with 2 to {MAX_SEATS} seats, not {n}")
        if len(trick) >= n:
            raise ValueError("a trick in progress has fewer cards than seats")
        context = (n, trump, constraints, lw_seat, declarer, goal, tuple(maxside), tuple(counted))
        if context not in self.contexts:
            if len(self.contexts) >= 0xFFFF:
                self.contexts.clear()
                tt_clear(&self.st)
            self.contexts[context] = len(self.contexts) + 1
        su.ctx = self.contexts[context]
        su.n = n
        su.trump = trump
        su.cons = constraints
        su.lw_seat = lw_seat
        su.decl_seat = declarer
        su.goal = goal
        for i in range(MAX_SEATS):
            su.hands[i] = hands[i] if i < n else 0
            su.maxside[i] = maxside[i] if i < n else 0
            su.counted[i] = counted[i] if i < n else 0
            su.won[i] = won[i] if i < n else 0
        su.first2 = first2
        su.leader = leader
        su.ntrick = len(trick)
        for i in range(su.ntrick):
            su.trick[i] = trick[i]
        return 0

    def set_position(self, hands, int trump, int constraints, int lw_seat, int declarer,
                     int goal, maxside, counted, int leader, trick, won, int first2):
        """Load a position: `trick` holds the cards of the trick in progress, led by `leader`.

        The seats marked in `maxside` play for a high value, the others for a low one;
        the value is the number of tricks the seats marked in `counted` take
        (GOAL_TRICKS), or 1 if the `maxside` seat wins the deal (GOAL_WIN).
        """
        cdef Setup su
        self.fill(&su, (hands, trump, constraints, lw_seat, declarer, goal, maxside, counted, leader,
                        trick, won, first2))
        load(&self.st, &su)

    def clear(self):
        """Forget every table entry, as for another deal: the next search starts from a cold table."""
        tt_restart(&self.st)
        memset(self.st.deal, 0, sizeof(self.st.deal))

    def value(self):
        """MAX's best result from here: more tricks (G_TRICKS) or 1/0 for a won deal (G_WIN)."""
        cdef int result
        with nogil:
            result = search_value(&self.st)
        return result

    def values(self, positions):
        """The value (as :meth:`value`) of each position, given as set_position's arguments.

        The whole batch is searched without the GIL, so threads each with their
        own engine run side by side.
        """
        cdef Py_ssize_t i, count = len(positions)
        cdef Setup* setups = <Setup*>malloc(max(count, 1) * sizeof(Setup))
        cdef int* out = <int*>malloc(max(count, 1) * sizeof(int))
        if setups == NULL or out == NULL:
            free(setups)
            free(out)
            raise MemoryError("cannot allocate a batch")
        try:
            for i in range(count):
                self.fill(&setups[i], tuple(positions[i]))
            with nogil:
                for i in range(count):
                    load(&self.st, &setups[i])
                    out[i] = search_value(&self.st)
            return [out[i] for i in range(count)]
        finally:
            free(setups)
            free(out)

    def reaches(self, int target):
        """Whether MAX can reach `target` more tricks (G_TRICKS) or win the deal (target 1)."""
        cdef int result
        with nogil:
            result = probe(&self.st, target)
        return bool(result)

    def left(self):
        """Tricks not yet complete, the current one included."""
        return pdd_popcount(self.st.hands[to_move(&self.st)])

    def to_move(self):
        """The seat (engine index) to play next."""
        return to_move(&self.st)

    def tricks_won(self):
        """Tricks won so far, by engine seat."""
        return [self.st.won[i] for i in range(self.st.n)]

    def legal(self):
        """The legal cards of the player to move, as a 64-bit mask."""
        return legal_moves(&self.st)

    def representatives(self, uint64_t allowed):
        """One card of each run of interchangeable cards among `allowed`."""
        return representatives(&self.st, allowed)

    def present(self):
        """Every card in a hand or in the trick in progress."""
        return present_cards(&self.st)

    def play(self, int card):
        """Play a card for the player to move; returns the trick's winner if it completes it, else -1."""
        if self.st.ply >= MAX_PLIES:
            raise ValueError("too many cards played on this engine")
        play_card(&self.st, card)
        return self.st.undo[self.st.ply - 1].winner

    def unplay(self):
        """Take back the last card played with :meth:`play`."""
        if self.st.ply == 0:
            raise ValueError("no card to take back")
        unplay_card(&self.st)

    @property
    def nodes(self):
        """Search nodes visited since the engine was made."""
        return self.st.nodes

    @property
    def slots_in_use(self):
        """The table's slots in use (it starts small, doubles as it fills, and starts small again for a new deal)."""
        return self.st.nactive

    @property
    def trick_nodes(self):
        """Trick starts reached by the search since the engine was made (DDS counts these as its nodes)."""
        return self.st.trick_nodes

    def talon_values(self, const uint64_t[:, ::1] hands, int me, int size, int trump, int constraints,
                     int lw_seat, int declarer, maxside, counted, int leader, bint minimise,
                     int32_t[::1] out):
        """For each row of `hands` (one deal per row, seats as set_position's), the declarer's best value
        over every discard of `size` cards (1 or 2) from his hand `hands[row, me]`, into `out`.

        The value is his tricks, or with `minimise` the tricks he leaves to the defenders (the
        engine's MAX side are then the defenders, `counted` him): higher is better for him, as
        in :class:`solver.talon._Question`. Rows run in order without the GIL, each starting
        from the previous row's best discard and value (neighbouring deals tend to agree).
        """
        cdef Setup su
        cdef Py_ssize_t row, rows = hands.shape[0]
        cdef int n = hands.shape[1], i, total, guess, cards
        cdef uint64_t first = 0
        if out.shape[0] != rows:
            raise ValueError(f"{rows} deals but room for {out.shape[0]} answers")
        if not 0 <= me < n or size not in (1, 2):
            raise ValueError("the declarer must be one of the seats and lay away one or two cards")
        if rows == 0:
            return
        for row in range(rows):
            cards = pdd_popcount(hands[row, me])
            if not size < cards <= 16:
                raise ValueError(f"row {row}: the declarer holds {cards} cards (discarding {size})")
            for i in range(n):
                if i != me and pdd_popcount(hands[row, i]) != cards - size:
                    raise ValueError(f"row {row}: seat {i} does not hold {cards - size} cards")
        self.fill(&su, ([hands[0, i] for i in range(n)], trump, constraints, lw_seat, declarer,
                        G_TRICKS, maxside, counted, leader, [], [0] * n, -1))
        total = pdd_popcount(hands[0, me]) - size
        guess = total // 2
        with nogil:
            for row in range(rows):
                for i in range(n):
                    su.hands[i] = hands[row, i]
                out[row] = talon_best(&self.st, &su, me, size, minimise, total, &guess, &first)
