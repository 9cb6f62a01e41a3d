# The search: alpha-beta over single cards, and the driver of its zero-window questions (DDS's ABsearch).
#
# trick_node answers at a trick start: the last trick played out (last_trick), a deal already won
# (win_decided, Polskt pass) or the sure-trick cut-offs (sure_cutoff) first, then the table (where partners
# play for tricks, the table first from EARLY_TT or EARLY_TT_NT tricks left), then play_node,
# which tries the cards in order and skips those that surely fail as a card of their suit did.
# Each answer comes with the cards whose ranks decided it (`rel`), so that the table entry stands
# for every position that agrees on them. search_value finds the value by asking whether MAX
# reaches one target after another, from a guess (estimate).

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


cdef inline int sure_cutoff(State* st, int target, int left, uint64_t* rel) noexcept nogil:
    """The sure-trick cut-offs at a trick start of 2 tricks left or more (G_TRICKS): the answer, or -1 (`rel` 0).

    The top trumps and split trumps, the minimising counts, the crossruff, the
    quick tricks and the transfers, the trump behind, a side short of every
    trick. Declared inline for trick_node's two places (gcc inlines the
    first, the counts-first one): as a plain call it cost the no-trump
    searches 3% more CPU for the same nodes.
    """
    cdef int d, side
    if st.trump >= 0 and st.present & suit_bits(st.trump):
        # Only the side holding the top trump takes tricks with trumps whatever is played.
        side = (st.side_hands[1] >> pdd_top(st.present & suit_bits(st.trump))) & 1
        d = trump_tricks(st, side, rel)
        if side == st.counted_side:
            if d >= target:
                rel[0] = top_n(rel[0], target)
                return 1
        elif left - d < target:
            rel[0] = top_n(rel[0], left - target + 1)
            return 0
        rel[0] = 0
        # Only where both sides play for tricks: a side that plays to lose them (misère's, nolla's)
        # may drop its two top trumps on one trick, and split_trumps counts them kept apart.
        if st.counted_side and st.cons == C_FOLLOW and (target <= 2 or target >= left - 1) and st.pairs:
            d = split_trumps(st, &side, rel)
            if d >= target if side else left - d < target:
                return side
            rel[0] = 0
    if not st.counted_side:
        # MAX plays for the other side's tricks: each side pushes tricks onto the other.
        d = pushed_tricks(st, target, left, rel)
        if d >= 0:
            return d
        rel[0] = 0
    if st.qt_ok:
        # The tricks the leader's side needs: MAX's `target`, or enough to hold MAX below it.
        d = target if st.maxside[st.lead] else left - target + 1
        # The leader's side's crossruff, the other side holding no trump or its trumps drawn (then the
        # leader holds the top trump): the call only where the side holds a trump and that may be so.
        if (st.trump >= 0 and st.side_hands[st.maxside[st.lead]] & suit_bits(st.trump)
                and (not (st.side_hands[1 - st.maxside[st.lead]] & suit_bits(st.trump))
                     or (st.hands[st.lead] >> pdd_top(st.present & suit_bits(st.trump))) & 1)):
            if crossruff_tricks(st, d, rel) >= d:
                return st.maxside[st.lead]
            rel[0] = 0
        if quick_tricks(st, rel, d) >= d:
            if not fewer_winners(st, d, rel) and not ruffed_transfer(st, d, rel):
                fewer_cashed(st, d, rel)
            return st.maxside[st.lead]
        rel[0] = 0
        # Mostly one or two tricks: the transfer and a winner (more are rare and cost the calls).
        if d <= 2 and st.trump >= 0:
            if other_side_trumps(st):
                if ruffed_transfer(st, d, rel):
                    return st.maxside[st.lead]
                rel[0] = 0
            elif d == 1 and partner_ruff(st, rel):
                # The partner's ruff, which ruffed_transfer counts where an opponent holds a trump.
                return st.maxside[st.lead]
        # One trick: the second trump behind the top one.
        if d == 1 and st.trump >= 0 and st.cons == C_FOLLOW and trump_led_behind(st, rel):
            return st.maxside[st.lead]
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
    return -1


cdef enum:
    # Where partners play for tricks, trick starts of this many tricks left or more look in the table before the
    # sure-trick counts, with trumps and with no trump (DDS's ABsearch0 from 6): CPU -2% to -4% (engine.md).
    EARLY_TT = 4
    EARLY_TT_NT = 6


cdef int trick_node(State* st, int target, uint64_t* rel) noexcept nogil:
    """Can MAX reach `target` more tricks (or win the deal) from this trick start?

    `rel` gets the cards whose ranks decided the answer: every position with
    the same suit lengths in each hand that agrees with this one on who holds
    each card from the top of each suit down to its lowest card in `rel` has
    the same answer (with follow and ruff alone; with head or lowest_winner,
    whose legality depends on ranks, the table keeps every card).
    """
    cdef int left = pdd_popcount(st.hands[st.lead]), d, result, early = 0
    cdef Probe pr
    cdef uint64_t r = 0
    rel[0] = 0
    if pdd_load(&st.stop):
        return 0
    if st.goal == G_TRICKS:
        if target <= 0:
            return 1
        if target > left:
            return 0
        if left == 1:
            return last_trick(st, target, rel)
        early = st.pairs and st.counted_side and left >= (EARLY_TT if st.trump >= 0 else EARLY_TT_NT)
        if not early:
            d = sure_cutoff(st, target, left, rel)
            if d >= 0:
                return d
    else:
        d = win_decided(st, left)
        if d >= 0:
            return d
    make_probe(st, &pr)
    d = tt_lookup(table_for(st, left), &pr, target, rel)
    if d >= 0:
        return d
    if early:
        d = sure_cutoff(st, target, left, rel)
        if d >= 0:
            return d
    result = play_node(st, target, &r)
    if pdd_load(&st.stop):
        # Stopped part way: the answer may be wrong, so it is not kept.
        return 0
    tt_store(st, table_for(st, left), &pr, target, result, r, left)
    rel[0] = r
    return result


cdef inline void note_failed(int* skip_below, int card, uint64_t child) noexcept nogil:
    """After `card` failed, `child` holding the cards whose ranks decided its answer: the cards of its suit below
    the lowest card of `child` there surely fail too, if `card` is below it (skip_below, see same_as_failed).

    Two cards of one suit in one hand, both below the lowest card of that
    answer's ranks in the suit, lead to positions that agree on every card that
    mattered to it (the same suit lengths, the same holders above), so the
    second has the answer of the first (DDS skips such moves too). Each failed
    card's own answer counts, not the ranks of every answer so far: a rank that
    decided another card's answer does not matter to this one's, and the node's
    `rel` holds this one's anyway.
    """
    cdef int suit = card >> 4, low
    cdef uint64_t ranks = child & suit_bits(suit)
    low = pdd_ctz(ranks) if ranks else 16 * suit + 16
    if card < low and low > skip_below[suit]:
        skip_below[suit] = low


cdef inline int same_as_failed(int* skip_below, int card) noexcept nogil:
    """Whether `card` surely fails as a card of its suit already tried and failed at this node did: it lies below
    `skip_below` of its suit (see note_failed; -1 before any). Not with head or lowest_winner, whose legality
    depends on ranks."""
    return card < skip_below[card >> 4]


cdef inline int order_node(State* st, uint64_t reps, int* moves) noexcept nogil:
    """The cards `reps` of the player to move (one for each run of the legal cards) into `moves` in the
    order the search tries them; returns how many."""
    if reps & (reps - 1):
        return order_moves(st, reps, moves) if st.counted_side else order_ducks(st, reps, moves)
    # One move: nothing to order.
    moves[0] = pdd_ctz(reps)
    return 1


cdef inline int first_killer(State* st, uint64_t reps) noexcept nogil:
    """At a trick start, the killer lead if it is among `reps` and the order puts it first whatever the other
    leads score (`killer_first`: order_moves' bonus where a side plays for tricks, order_ducks' with four),
    else -1. It is searched before the other leads are scored, which its cut-off mostly spares."""
    cdef int killer
    if not (st.killer_first >> st.lead) & 1:
        return -1
    killer = st.killer[killer_slot(st)]
    return killer if killer >= 0 and (reps >> killer) & 1 else -1


cdef int play_node(State* st, int target, uint64_t* rel) noexcept nogil:
    """Alpha-beta over the cards of the player to move, part way through a trick.

    `rel` gets the cards whose ranks decided the answer (see trick_node).
    """
    cdef int moves[16]
    cdef int count, i, result, winner, next_target, wcard, k, left, near_all
    cdef int is_max = st.maxside[to_move(st)]
    cdef int killer = -1
    cdef uint64_t allowed, reps, child, acc = 0, tb
    cdef int skip_below[4]
    cdef int skips = not (st.cons & (C_HEAD | C_LW))
    skip_below[0] = skip_below[1] = skip_below[2] = skip_below[3] = -1
    st.nodes += 1
    if st.ntrick == 1 and st.qt_ok and st.cons == C_FOLLOW and st.pairs:
        # The second hand's side surely takes enough tricks (DDS's QuickTricksSecondHand).
        count = pdd_popcount(st.hands[to_move(st)])
        if second_hand_tricks(st, target if is_max else count - target + 1, rel):
            return is_max
    allowed = legal_moves(st)
    reps = representatives(st, allowed) if allowed & (allowed - 1) else allowed
    if st.ntrick == 0 and reps & (reps - 1):
        killer = first_killer(st, reps)
    if killer >= 0:
        moves[0] = killer
        count = 1
    else:
        count = order_node(st, reps, moves)
    i = -1
    while i + 1 < count:
        i += 1
        if skips and same_as_failed(skip_below, moves[i]):
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
                # When both sides duck, each side keeps its own killer (see order_ducks).
                k = killer_slot(st)
                if st.killer[k] != moves[i]:
                    st.killer2[k] = st.killer[k]
                    st.killer[k] = moves[i]
                if not st.counted_side:
                    remember(st.history, moves, i, pdd_popcount(st.hands[st.lead]), HISTORY_MALUS)
                elif learns_nt(st):
                    remember(st.history, moves, i, pdd_popcount(st.hands[st.lead]), HISTORY_MALUS_NT)
            elif learns_nt(st) and (moves[i] >> 4) != (st.tcards[st.tno * MAX_SEATS] >> 4):
                # A discard of partners playing for tricks with no trump.
                remember(st.discard_history, moves, i, pdd_popcount(st.hands[to_move(st)]),
                         HISTORY_MALUS_NT)
            rel[0] = child
            return result
        acc |= child
        note_failed(skip_below, moves[i], child)
        if killer >= 0 and i == 0:
            # The other leads in the order they would have had beside it.
            count = 1 + order_node(st, reps & ~((<uint64_t>1) << killer), moves + 1)
        if st.ntrick == 0 and st.counted_side:
            # A lead failed: the killers of the trick starts below refuted positions of its subtree, and mislead
            # the next lead's, whose positions differ from the first trick on (one node of a no-trump deal:
            # 12,030 trick starts with them, 4,523 with none), unless the next lead searched is of the same
            # suit: its subtree is much like this one's (no trump -2%, trumps -1% trick starts), or, with trumps,
            # where one side needs all the tricks left or all but one: the few lines that take them are the same
            # after every lead (a trump deal's refutation 10,847 -> 547 trick starts). After the last lead, at
            # the root of a probe a trick from one where a side needs every trick, they stay for that one (see
            # probe). Misère, nolla and passnolla keep theirs.
            left = pdd_popcount(st.hands[st.lead])
            # One side needs every trick left or all but one.
            near_all = not (2 < target < left - 1)
            k = i + 1
            while k < count and skips and same_as_failed(skip_below, moves[k]):
                k += 1
            if k < count:
                if (moves[k] >> 4) != (moves[i] >> 4) and not (near_all and st.trump >= 0):
                    forget_killers(st, left)
            elif st.ply != st.probe_ply or not near_all:
                forget_killers(st, left)
    # Every move failed: the cards a searched move stands for may take its place
    # (a lone legal card stands for itself alone).
    if allowed & (allowed - 1) and acc & allowed:
        acc |= runs_met(present_cards(st), allowed, acc)
    rel[0] = acc
    return 1 - is_max


cdef int probe(State* st, int target) noexcept nogil:
    """Can MAX reach `target` (one zero-window question, from the position loaded)?

    A side playing for its own tricks starts each probe with no killer leads (as
    DDS resets its best moves before each): those that refuted a higher target
    mislead the refutation of a lower one (on one no-trump deal, refuting 6 tricks
    after 8 took 4x the trick starts of refuting 6 alone). So does the no-trump
    history of leads and discards, forgotten with them (a held-out deal's probe
    at 7 after 8: 12,512 trick starts with the history of 8, 5,396 cold). But
    where one side needs every trick (`target` 1 or all), the probe starts with
    the killers and the history the probe before left, and that one, a trick from
    it, kept them after its last lead failed (play_node): the few lines that take
    every trick are those that refuted the targets next to it. On a no-trump deal
    of value 0, whose walk came down from 6, the proof that the other side takes
    all 13 tricks cost 136,210 trick starts (DDS 5,079), now 783.
    """
    cdef uint64_t rel
    if st.goal == G_TRICKS and target <= 0:
        return 1
    st.probe_ply = st.ply
    if st.goal == G_TRICKS and st.counted_side and 1 < target < pdd_popcount(st.hands[to_move(st)]):
        forget_killers(st, KILLER_SLOTS)
        memset(st.history, 0, sizeof(st.history))
        memset(st.discard_history, 0, sizeof(st.discard_history))
    if st.ntrick == 0:
        return trick_node(st, target, &rel)
    return play_node(st, target, &rel)


cdef int estimate(State* st, int left) noexcept nogil:
    """A guess of the counted seats' tricks from their high cards (and trumps), for the value driver.

    Each suit's top four present cards are worth 4, 3, 2 and 1; the counted
    side's share of those points, times the tricks left, plus half a trick for
    each trump it holds more than the other side (rounded down). Only a start for
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
        est += (2 * pdd_popcount(mine & suit_bits(st.trump)) - trumps + 64) // 2 - 32
    return est


cdef int walk_from(State* st, int mid, int hi) noexcept nogil:
    """The value, from 0 to `hi`, found one target at a time from `mid` up or down."""
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


cdef inline int walk_start(State* st, int left) noexcept nogil:
    """Where the value's walk starts with four seats (Priffe's 52 cards): it goes one trick at a time from
    one above the estimate. Playing for tricks the estimate runs low, so that most probes are then at the
    value and the one above. In nolla it runs true, but a walk from one above the value costs less than
    one from the value (its first probe fails, and the killers of that refutation serve the proof at the
    value): from the estimate plus one instead of the estimate itself, 13-card nolla nodes -1.6% over five
    sets (-5.6% to +1.0% by set), 10 and 11 cards -2.7% and -4.8% (plus two: -2.3% to +12% by set)."""
    return estimate(st, left) + 1


cdef int search_value(State* st) noexcept nogil:
    """MAX's best result from the position: more tricks (G_TRICKS) or 1/0 for a won deal (G_WIN)."""
    cdef int lo = 0, hi = pdd_popcount(st.hands[to_move(st)]), mid
    if hi == 0:
        return 0 if st.goal == G_TRICKS else win_decided(st, 0)
    if st.goal == G_WIN:
        return probe(st, 1)
    if st.n == 4:
        return walk_from(st, walk_start(st, hi), hi)
    if not st.counted_side:
        # MAX plays for the other side's tricks (misère): the value is mostly near the top.
        while lo < hi and not probe(st, hi):
            hi -= 1
        return hi
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if probe(st, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo
