# Move ordering: the cards in the order the search tries them, the likeliest refutation first (DDS's Moves).
#
# A side that wants tricks scores its cards in rank bands (cash a winner, low towards the
# partner's, beat the trick cheaply, stay low when it is safe) and, with four seats, its leads by
# the opponents' lengths (lead_bonus); a side that wants to lose them ducks (ducking_score). The
# lead that last refuted a trick start (the killer) and, in misère, the leads that answered most
# often (the history, remember_lead) go first. order_follow, order_discards and order_ducks give
# the same orders faster where the scores are not needed.

cdef inline int later_opponent_beats(State* st, int card, int side) noexcept nogil:
    """Whether a seat of the other side still to play to this trick might beat `card`.

    A heuristic for move ordering only: ranks and voids, constraints loosely.
    """
    cdef int pos, seat, led = st.tcards[st.tno * MAX_SEATS] >> 4 if st.ntrick > 0 else card >> 4
    cdef uint64_t h, hl
    for pos in range(st.ntrick + 1, st.n):
        seat = seat_at(st, pos)
        if st.maxside[seat] == side:
            continue
        h = st.hands[seat]
        hl = h & suit_bits(led)
        if h & above(card):
            if (card >> 4) == led or not hl or not (st.cons & C_FOLLOW):
                return 1
        if (st.trump >= 0 and (card >> 4) != st.trump and (h & suit_bits(st.trump))
                and (not hl or not (st.cons & C_FOLLOW))):
            return 1
    return 0


cdef inline int ducking_score(State* st, int card, int w, uint64_t opp) noexcept nogil:
    """The order score of a card for a seat whose side wants to lose tricks (misère).

    Leading: first the cards whose leads answered the question most (see
    remember_lead), then a card below every card the other side holds in its
    suit (a holder must follow above), the highest such card first (it keeps
    the lower ones to lose with later), then low cards that the other side can
    beat;
    following, the highest card that does not take the trick, then the lowest
    of those that do. `opp` is the other side's cards.
    """
    cdef uint64_t higher
    if st.ntrick == 0:
        if st.history[card]:
            return 1000 + <int>st.history[card]
        higher = opp & above(card)
        if higher and higher == opp & suit_bits(card >> 4):
            return 300 + (card & 15)
        return (200 if higher else 0) - (card & 15) + pdd_popcount(higher)
    if not card_beats(st, card, w):
        return 200 + (card & 15)
    return 100 - (card & 15) - (16 if (card >> 4) == st.trump else 0)


cdef int lead_bonus(State* st, int seat, int suit, uint64_t present) noexcept nogil:
    """Four seats: the order score added to a lead of `suit` by `seat` (DDS weighs leads much so).

    First the suits in which the opponents hold fewest cards, a void opponent
    counting as one more card than the tricks left (it may throw any card):
    their replies are fewer, so a lead that answers the question does so with
    a smaller search. With trumps, a suit that an opponent can trump (void in
    it, holding trumps) goes last, one that the partner can trump while the
    next opponent still follows comes earlier. A suit the partner is void in
    comes later. Unless the leader holds the suit's top card: not into the
    next opponent's top or second card (unless a singleton), and much rather
    through the previous opponent's top card to the partner's second one, or
    towards the partner's second and third cards (the side then holds the top
    card of the next round): DDS's no-trump leads weigh these last two about
    as much as four or five of the opponents' cards.
    """
    cdef int lho = (seat + 1) & 3, rho = (seat + 3) & 3, partner = seat ^ 2, b = 0, top, second
    cdef int void = pdd_popcount(st.hands[seat]) + 1
    cdef uint64_t sb = suit_bits(suit), tb, ps = present & sb
    b -= 60 * ((pdd_popcount(st.hands[lho] & sb) or void) + (pdd_popcount(st.hands[rho] & sb) or void))
    if st.trump >= 0 and suit != st.trump:
        tb = suit_bits(st.trump)
        if not (st.hands[partner] & sb) and (st.hands[partner] & tb) and (st.hands[rho] & sb):
            b += 60
        if (not (st.hands[lho] & sb) and (st.hands[lho] & tb)) or (not (st.hands[rho] & sb) and (st.hands[rho] & tb)):
            b -= 150
    if not (st.hands[partner] & sb):
        b -= 60
    top = pdd_top(ps)
    if (st.hands[seat] >> top) & 1:
        return b
    ps &= ~((<uint64_t>1) << top)
    second = pdd_top(ps) if ps else -1
    if (((st.hands[rho] >> top) & 1) or (second >= 0 and (st.hands[rho] >> second) & 1)) and pdd_popcount(
            st.hands[rho] & sb) != 1:
        b -= 40
    if second >= 0 and (st.hands[partner] >> second) & 1:
        if ((st.hands[lho] >> top) & 1) and pdd_popcount(st.hands[partner] & sb) != 1:
            b += 280
        ps &= ~((<uint64_t>1) << second)
        if ps and (st.hands[partner] >> pdd_top(ps)) & 1:
            b += 300
    return b


cdef int fourth_wins(State* st, int partner, int led, int w) noexcept nogil:
    """Second hand of four: whether the partner, last to play, surely beats the lead and the third hand.

    Then the second hand plays low, as when its side already wins the trick (DDS does so).
    """
    cdef int third = (partner + 3) & 3, c
    cdef uint64_t ph = st.hands[partner] & suit_bits(led)
    if not ph:
        return 0
    c = pdd_top(ph)
    if not card_beats(st, c, w):
        return 0
    return not can_beat(st, third, led, c)


cdef inline uint64_t forcing_cards(State* st, int fourth, int led) noexcept nogil:
    """The cards of the suit `led` that, played third, leave the `fourth` hand only its top card to win with.

    Those above every card of the suit it holds but its top one (every card if
    it holds one card there, none if it holds none).
    """
    cdef uint64_t held = st.hands[fourth] & suit_bits(led)
    if not held:
        return 0
    held &= ~((<uint64_t>1) << pdd_top(held))
    return above(pdd_top(held)) if held else suit_bits(led)


cdef int order_moves(State* st, uint64_t moves, int* out) noexcept nogil:
    """Write the moves into `out` in the order to try them; return how many."""
    cdef int count = 0, i, j, card, score, w = 0, tmp, suit, cost, top, led = -1
    cdef int scores[16]
    cdef int bonus_suit = -1, bonus = 0
    cdef int seat = to_move(st)
    cdef int side = st.maxside[seat]
    cdef int partner = seat ^ 2  # used with four seats only
    cdef uint64_t rest = moves, present = 0, others, sb, hand = st.hands[seat], forcing = 0
    cdef int partner_safe = 0, ours = 0, killer = -1
    cdef int wants = st.counted[seat] == side
    cdef uint64_t opp = 0
    if not wants:
        opp = st.side_hands[1 - side]
    else:
        present = present_cards(st)
    if st.ntrick > 0:
        w = current_winner(st)
        led = st.tcards[st.tno * MAX_SEATS] >> 4
        if wants and st.maxside[seat_at(st, st.winpos)] == side:
            ours = 1
            partner_safe = not later_opponent_beats(st, w, side)
        elif st.n == 4 and st.ntrick == 1 and wants:
            partner_safe = fourth_wins(st, partner, led, w)
        if wants and not (moves & ~suit_bits(led)) and (st.ntrick == st.n - 1 or (
                st.trump < 0 and (st.ntrick == st.n - 2 or (st.n == 4 and st.ntrick == 1)))):
            return order_follow(st, moves, w, partner_safe, side, out)
        if wants and st.trump < 0 and not (moves & suit_bits(led)):
            return order_discards(st, moves, out)
        if st.n == 4 and st.ntrick == 2:
            forcing = forcing_cards(st, (seat + 1) & 3, led)
    else:
        killer = st.killer[pdd_popcount(hand)]
    while rest:
        card = pdd_ctz(rest)
        rest &= rest - 1
        suit = card >> 4
        sb = suit_bits(suit)
        if not wants:
            score = ducking_score(st, card, w, opp)
        elif st.ntrick == 0:
            others = (present & ~hand) & sb
            if not (others & above(card)):
                # A winner: cash it, unless an opponent may trump it.
                if later_opponent_beats(st, card, side):
                    score = 150 + (card & 15)
                else:
                    score = 300 + (card & 15)
            else:
                top = pdd_top(present & sb)
                if st.n == 4 and (st.hands[partner] >> top) & 1 and st.maxside[partner] == side:
                    # Low towards partner's winner.
                    score = 350 - (card & 15)
                elif card > 0 and (card & 15) and (hand & ((<uint64_t>1) << (card - 1))) and (present >> (card - 1)) & 1:
                    score = 120 + (card & 15)
                else:
                    score = 100 - (card & 15)
            if st.n == 4:
                if suit != bonus_suit:
                    # Once a suit: the cards come suit by suit.
                    bonus_suit = suit
                    bonus = lead_bonus(st, seat, suit, present)
                score += bonus
        else:
            cost = (card & 15) + (16 if (suit == st.trump and led != st.trump) else 0)
            if partner_safe:
                score = (100 - cost) if not card_beats(st, card, w) else -cost
            elif card_beats(st, card, w):
                if st.ntrick == st.n - 1 or not later_opponent_beats(st, card, side):
                    score = 200 - cost
                elif st.ntrick == st.n - 2 and not (ours and st.n == 4 and st.trump >= 0):
                    # Priffe's third hand with trumps: not above its partner's card when the fourth can beat it.
                    score = 150 - cost
                    if (forcing >> card) & 1:
                        # First the cheapest card that leaves the fourth hand only its top card to win with
                        # (DDS's third hand forces out the top so).
                        score += 20
                elif st.n == 4 and st.ntrick == 1:
                    # Priffe's second hand: beat the lead cheaply before playing low (DDS does so too).
                    score = 150 - cost
                else:
                    score = 50 - cost
            else:
                score = 100 - cost
            if st.n == 4 and suit != led and suit != st.trump:
                # Four seats, a discard: from a long suit (as DDS does).
                score += 4 * pdd_popcount(hand & sb)
        if card == killer:
            score += KILLER_BONUS
        out[count] = card
        scores[count] = score
        count += 1
    for i in range(1, count):
        j = i
        while j > 0 and scores[j - 1] < scores[j]:
            tmp = scores[j - 1]
            scores[j - 1] = scores[j]
            scores[j] = tmp
            tmp = out[j - 1]
            out[j - 1] = out[j]
            out[j] = tmp
            j -= 1
    return count


cdef int ascending(uint64_t cards, int* out, int count) noexcept nogil:
    """Write `cards` into `out` from `count` on, from the lowest up; return the new count."""
    while cards:
        out[count] = pdd_ctz(cards)
        cards &= cards - 1
        count += 1
    return count


cdef int order_follow(State* st, uint64_t moves, int w, int partner_safe, int side, int* out) noexcept nogil:
    """order_moves for a seat whose side wants tricks, following suit, as the last of the trick or with no trump
    before it (in the second or third place with four seats): the same order, found faster.

    order_moves scores such a card by its rank alone, in bands. If the trick
    is safe for the seat's side (`partner_safe`): the cards that do not beat
    the winner `w`, then those that do. Else: the cards that beat it and that
    no opponent still to play can beat (one above every card of the suit that
    those opponents hold, with no trump), then the other cards that beat it,
    then those that do not; the third of four seats plays the other cards
    that beat it that force out the fourth hand's top card (forcing_cards)
    before the rest. The lowest first in each band. The cards that
    beat `w` are those above it (none if it is a trump and the suit led
    another), so when the trick is safe the cards come from the lowest up.
    """
    cdef uint64_t over = moves & above(w), safe, later = 0, forcing
    cdef int pos, seat, count
    if partner_safe:
        return ascending(moves, out, 0)
    for pos in range(st.ntrick + 1, st.n):
        seat = seat_at(st, pos)
        if st.maxside[seat] != side:
            later |= st.hands[seat]
    later &= suit_bits(w >> 4)
    safe = over & above(pdd_top(later)) if later else over
    count = ascending(safe, out, 0)
    if st.n == 4 and st.ntrick == 2:
        # The third hand: first those that leave the fourth only its top card to win with.
        forcing = (over ^ safe) & forcing_cards(st, seat_at(st, 3), w >> 4)
        count = ascending(forcing, out, count)
        count = ascending(over ^ safe ^ forcing, out, count)
    else:
        count = ascending(over ^ safe, out, count)
    return ascending(moves ^ over, out, count)


cdef int order_discards(State* st, uint64_t moves, int* out) noexcept nogil:
    """order_moves for discards with no trump by a seat whose side wants tricks: the same order, found faster.

    None of them beats the trick's winner, so order_moves scores each by four
    times the length of its suit in the hand (with four seats) less its rank
    alone: the highest score first, the lower card first between equal ones.
    """
    cdef int keys[16]
    cdef int count = 0, card, suit = -1, bonus = 0
    cdef uint64_t hand = st.hands[to_move(st)]
    while moves:
        card = pdd_ctz(moves)
        moves &= moves - 1
        if (card >> 4) != suit:
            suit = card >> 4
            bonus = 4 * pdd_popcount(hand & suit_bits(suit)) if st.n == 4 else 0
        keys[count] = 64 * (100 - (card & 15) + bonus) + 63 - card
        count += 1
    return sort_keys(out, keys, count)


cdef inline int sort_keys(int* out, int* keys, int count) noexcept nogil:
    """Write into `out` the cards of `keys[:count]` (each ``64 * score + 63 - card``), highest key first; return `count`.

    Equal scores keep the lower card first, as order_moves' stable sort of cards taken lowest first does.
    """
    cdef int i, j, key
    for i in range(1, count):
        key = keys[i]
        j = i
        while j > 0 and keys[j - 1] < key:
            keys[j] = keys[j - 1]
            j -= 1
        keys[j] = key
    for i in range(count):
        out[i] = 63 - (keys[i] & 63)
    return count


cdef int by_strength(uint64_t cards, int* out) noexcept nogil:
    """Write `cards` into `out`, the highest rank first and the lower suit first between equal ranks; return how many.

    The order of sort_keys for the keys ``64 * rank + 63 - card``, found rank by
    rank: the ranks held in any suit, from the top, and each rank's cards.
    """
    cdef uint64_t ranks = (cards | (cards >> 16) | (cards >> 32) | (cards >> 48)) & 0xFFFF, of_rank
    cdef int count = 0, rank
    while ranks:
        rank = pdd_top(ranks)
        ranks ^= (<uint64_t>1) << rank
        of_rank = cards & (0x0001000100010001ULL << rank)
        while of_rank:
            out[count] = pdd_ctz(of_rank)
            of_rank &= of_rank - 1
            count += 1
    return count


cdef int order_ducks(State* st, uint64_t moves, int* out) noexcept nogil:
    """order_moves for a seat whose side wants to lose tricks (misère): the same order, found faster.

    Leads by ducking_score and the killer. Following with no trump, the
    ducking order needs no scores within a suit: the cards under the trick's
    winner from the top down, then those above it from the bottom up; only
    discards of several suits go by strength, from the top (see by_strength).
    """
    cdef int count = 0, card, killer, w
    cdef int scores[16]
    cdef int seat = to_move(st), side = st.maxside[seat]
    cdef uint64_t rest, over, under
    if st.counted[seat] == side:
        return order_moves(st, moves, out)
    if st.ntrick == 0:
        killer = st.killer[pdd_popcount(st.hands[st.lead])]
        rest = moves
        while rest:
            card = pdd_ctz(rest)
            rest &= rest - 1
            scores[count] = 64 * (ducking_score(st, card, 0, st.side_hands[1 - side]) + (
                KILLER_BONUS if card == killer else 0)) + 63 - card
            count += 1
        return sort_keys(out, scores, count)
    if st.trump >= 0:
        return order_moves(st, moves, out)
    w = current_winner(st)
    over = moves & above(w)
    under = moves ^ over
    if not (under & ~suit_bits(w >> 4)):
        while under:
            card = pdd_top(under)
            out[count] = card
            under ^= (<uint64_t>1) << card
            count += 1
    else:
        count = by_strength(under, out)
    while over:
        out[count] = pdd_ctz(over)
        over &= over - 1
        count += 1
    return count


cdef void remember_lead(State* st, int card) noexcept nogil:
    """Count a lead of `card` that answered the question, by the square of the tricks left.

    The history heuristic, for sides that play to lose tricks (see ducking_score):
    a lead that answers in one position often answers in others, and more so the
    larger the search it ended.
    """
    cdef int left = pdd_popcount(st.hands[st.lead])
    if st.history[card] < HISTORY_CAP:
        st.history[card] += left * left
