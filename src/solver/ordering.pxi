# Move ordering: the cards in the order the search tries them, the likeliest refutation first (DDS's Moves).
#
# A side that wants tricks scores its cards in rank bands (cash a winner, beat the trick cheaply,
# stay low when it is safe) and, with four seats, its leads by DDS's lead weights (lead_suit,
# lead_weight), with no trump raised by the history below; a side that wants to lose them ducks
# (ducking_score). The lead that last refuted a trick start (the killer) and, in misère, the leads that
# answered most often and failed least (the history, remember) go first.
# order_follow and order_ducks give the same orders faster where the scores are not needed;
# order_discards orders the no-trump discards of a side that wants tricks by DDS's weights.

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

    Leading: first the cards whose leads answered the question most, less
    the times they failed first (see remember), then a card below every
    card the other side holds in its suit (a holder must follow above), the
    highest such card first (it keeps
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


cdef struct LeadSuit:
    # What the lead weights (lead_suit, lead_weight) read of one suit, found once for its cards.
    uint64_t ps
    int top
    int second
    int top_h
    int second_h
    # The suit's weight for a lead that wins the trick, and for one that does not.
    int d_win
    int d_low
    # Whether a lead of the top card wins the trick, and a lead of a lower card.
    int win_top
    int win_other
    # An opponent's singleton top card drawn.
    int single_top


cdef inline int trumps_over(State* st, int seat, int other) noexcept nogil:
    """Whether `seat` holds a trump above every trump of `other` (and some trump)."""
    cdef uint64_t a = st.hands[seat] & suit_bits(st.trump), b = st.hands[other] & suit_bits(st.trump)
    return a != 0 and (b == 0 or pdd_top(a) > pdd_top(b))


cdef inline int ruffs(State* st, int seat, uint64_t sb) noexcept nogil:
    """Whether `seat` is void in the suit of `sb` and holds a trump."""
    return not (st.hands[seat] & sb) and (st.hands[seat] & suit_bits(st.trump)) != 0


cdef void lead_suit(State* st, int seat, int suit, uint64_t present, int trumps, LeadSuit* ls) noexcept nogil:
    """Four seats: the weights of leads of `suit` by `seat`, a seat of the side that wants tricks, as DDS weighs
    them (WeightAllocNT0 and, with trumps left, WeightAllocTrump0 in its src/Moves.cpp); see lead_weight.

    By the suit: first the suits where the opponents hold fewest cards (a
    void one counting as the tricks left). With no trump: a suit the partner
    is void in later; a lead that can win (the suit's top card, or any card
    when the partner's top card there is above both opponents') more so if
    the next opponent holds the second card (the lead goes through it), less
    if the fourth hand does; any other lead not into the fourth hand's top
    or second card, rather through the next opponent's top card to the
    partner's second, or towards the side's second and third cards. With
    trumps: later a suit an opponent can ruff, earlier one the partner can
    ruff; not into the fourth hand's top or second card; through the next
    opponent's top card to the partner's second; a singleton towards the
    partner's top card (for a ruff); a lead wins if nobody ruffs the top card
    (or the partner's) or the partner ruffs and nobody overruffs.
    """
    cdef int lho = (seat + 1) & 3, rho = (seat + 3) & 3, partner = seat ^ 2
    cdef int d, llen, rlen, plen, third = -1, third_h = -1, side_suit = suit != st.trump
    cdef uint64_t sb = suit_bits(suit), rest, o
    llen = pdd_popcount(st.hands[lho] & sb)
    rlen = pdd_popcount(st.hands[rho] & sb)
    plen = pdd_popcount(st.hands[partner] & sb)
    ls.ps = present & sb
    ls.top = pdd_top(ls.ps)
    ls.second = -1
    ls.second_h = -1
    rest = ls.ps & ~((<uint64_t>1) << ls.top)
    if rest:
        ls.second = pdd_top(rest)
        rest &= ~((<uint64_t>1) << ls.second)
        ls.second_h = owner(st, ls.second)
        if rest:
            third = pdd_top(rest)
            third_h = owner(st, third)
    ls.top_h = owner(st, ls.top)
    ls.single_top = (llen == 1 and ls.top_h == lho) or (rlen == 1 and ls.top_h == rho)
    o = (st.hands[lho] | st.hands[rho]) & sb
    d = -(4 * ((llen or pdd_popcount(st.hands[seat])) + (rlen or pdd_popcount(st.hands[seat]))) * 32)
    if not trumps:
        d //= 19
        if not plen:
            d -= 9
        ls.win_top = 1
        ls.win_other = plen != 0 and (not o or pdd_top(st.hands[partner] & sb) > pdd_top(o))
        ls.d_win = d
        if ls.second_h == rho:
            if rlen != 1:
                ls.d_win -= 1
        elif ls.second_h == lho:
            ls.d_win += 22 if llen != 1 else 16
        if (ls.second_h != lho or llen == 1) and (ls.second_h != rho or rlen == 1):
            ls.d_win += 45
        else:
            ls.d_win += 18
        ls.d_low = d
        if ls.top_h == rho or ls.second_h == rho:
            if rlen != 1:
                ls.d_low -= 10
        elif ls.top_h == lho and ls.second_h == partner:
            if plen != 1:
                ls.d_low += 31
        if ls.second_h == partner and third_h == partner:
            ls.d_low += 35
        elif plen > 1 and ((ls.second_h == seat and third_h == partner)
                           or (ls.second_h == partner and third_h == seat)):
            ls.d_low += 25
        return
    d //= 13
    if side_suit and (ruffs(st, lho, sb) or ruffs(st, rho, sb)):
        d -= 12
    if side_suit and ruffs(st, partner, sb) and rlen > 0:
        d += 17
    if ls.top_h == rho or ls.second_h == rho:
        if rlen != 1:
            d -= 12
    elif ls.top_h == lho and ls.second_h == partner:
        if plen != 1:
            d += 27
    if (side_suit and pdd_popcount(st.hands[seat] & sb) == 1 and (st.hands[seat] & suit_bits(st.trump))
            and plen > 1 and ls.top_h == partner):
        d += 19
    ls.d_win = d
    ls.d_low = d
    if ls.second_h == partner and third_h == partner:
        ls.d_low += 20
    elif plen > 1 and ((ls.second_h == seat and third_h == partner) or (ls.second_h == partner and third_h == seat)):
        ls.d_low += 13
    if not side_suit:
        ls.win_top = 1
    elif plen or not (st.hands[partner] & suit_bits(st.trump)):
        ls.win_top = not ruffs(st, lho, sb) and not ruffs(st, rho, sb)
    else:
        ls.win_top = (llen or trumps_over(st, partner, lho)) and (rlen or trumps_over(st, partner, rho))
    if plen and (not o or pdd_top(st.hands[partner] & sb) > pdd_top(o)):
        ls.win_other = not side_suit or (not ruffs(st, lho, sb) and not ruffs(st, rho, sb))
    elif side_suit and ruffs(st, partner, sb):
        if ruffs(st, lho, sb) and ruffs(st, rho, sb):
            ls.win_other = trumps_over(st, partner, lho) and trumps_over(st, partner, rho)
        elif ruffs(st, lho, sb):
            ls.win_other = trumps_over(st, partner, lho)
        elif ruffs(st, rho, sb):
            ls.win_other = trumps_over(st, partner, rho)
        else:
            ls.win_other = 1
    else:
        ls.win_other = 0


cdef int lead_weight(State* st, int seat, int card, int trumps, LeadSuit* ls) noexcept nogil:
    """The order score of a lead of `card` by `seat` (see lead_suit, which `ls` holds for its suit).

    By the card: its rank among the present cards of its suit; the higher
    first of a sequence; the suit's second card; with no trump a lead that
    cannot win from a suit whose top card the leader holds goes late. The
    killer lead goes first whatever its weight (first_killer).
    """
    cdef int rrank = pdd_popcount(ls.ps & above(card)) + 1, partner = seat ^ 2, seq
    cdef uint64_t below = ls.ps & ((<uint64_t>1 << card) - 1)
    seq = below != 0 and (st.hands[seat] >> pdd_top(below)) & 1
    if not trumps:
        if card == ls.top or ls.win_other:
            return ls.d_win + rrank
        if ls.single_top:
            return ls.d_low + 28 + rrank
        if ls.top_h == seat:
            return ls.d_low - 17 + rrank
        if not seq:
            return ls.d_low + 12 + rrank
        if card == ls.second:
            return ls.d_low + 48
        return ls.d_low + 29 - rrank
    if ls.win_top if card == ls.top else ls.win_other:
        if ls.single_top:
            return ls.d_win + 35 + rrank
        if ls.top_h == seat:
            if ls.second_h == partner:
                return ls.d_win + 48 + rrank
            if card == ls.top:
                return ls.d_win + 31
            return ls.d_win - 3 + rrank
        if ls.top_h == partner:
            return ls.d_win + (42 if ls.second_h == seat else 28) + rrank
        if seq and card == ls.second:
            return ls.d_win + 40
        return ls.d_win + (22 if seq else 11) + rrank
    if ls.single_top:
        return ls.d_low + 2 + rrank
    if ls.top_h == seat:
        if ls.second_h == partner:
            return ls.d_low + 33 + rrank
        if card == ls.top:
            return ls.d_low + 38
        return ls.d_low - 14 + rrank
    if ls.top_h == partner:
        return ls.d_low + 34 + rrank
    if seq and card == ls.second:
        return ls.d_low + 35
    return ls.d_low + 15 - (card & 15)


cdef int fourth_wins(State* st, int partner, int led, int w) noexcept nogil:
    """Second hand of four: whether the partner, last to play, surely beats the lead and the third hand.

    Then the second hand plays low, as when its side already wins the trick (DDS does so); void in the suit
    led, it discards before it ruffs. So also where the partner, void, ruffs a side suit that the third hand
    follows, or overruffs the third hand, void too (DDS's WeightAllocTrumpVoid1): the every-card suite's
    worst deals against DDS (seed 1's deal 59, a side holding ten trumps, 19,137 -> 5,724 nodes; seed 23's
    deal 8, the third hand void too, 59,243 -> 48,860 trick starts).
    """
    cdef int third = (partner + 3) & 3, c
    cdef uint64_t ph = st.hands[partner] & suit_bits(led), pt, tt
    if not ph:
        if st.trump < 0 or led == st.trump:
            return 0
        pt = st.hands[partner] & suit_bits(st.trump)
        if not pt:
            return 0
        if st.hands[third] & suit_bits(led):
            return 1
        # The third hand void too: the partner overruffs whatever it ruffs with.
        tt = st.hands[third] & suit_bits(st.trump)
        return not tt or pdd_top(pt) > pdd_top(tt)
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
    cdef int count = 0, i, j, card, score, w = 0, tmp, suit, cost, led = -1
    cdef int scores[16]
    cdef int bonus_suit = -1, trumps = 0, learns = learns_nt(st)
    cdef LeadSuit lsuit
    cdef int seat = to_move(st)
    cdef int side = st.maxside[seat]
    cdef int partner = seat ^ 2  # used with four seats only
    cdef uint64_t rest = moves, present = 0, others, sb, hand = st.hands[seat], forcing = 0
    cdef int partner_safe = 0, ours = 0, killer = -1, killer2 = -1
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
        if wants and st.n == 4 and st.ntrick == 1 and st.trump >= 0 and not (moves & ~suit_bits(led)):
            return second_follow_trump(st, moves, w, out)
        if wants and not (moves & ~suit_bits(led)) and (st.ntrick == st.n - 1 or (
                st.trump < 0 and (st.ntrick == st.n - 2 or (st.n == 4 and st.ntrick == 1))) or (
                st.n == 4 and st.ntrick == 2 and (w >> 4) == led
                and (st.hands[seat_at(st, 3)] & suit_bits(led)))):
            # (The third of four with trumps too, when nobody has trumped and the fourth hand follows.)
            return order_follow(st, moves, w, partner_safe, side, out)
        if wants and st.trump < 0 and not (moves & suit_bits(led)):
            return order_discards(st, moves, out)
        if st.n == 4 and st.ntrick == 2:
            forcing = forcing_cards(st, (seat + 1) & 3, led)
    else:
        killer = st.killer[pdd_popcount(hand)]
        killer2 = st.killer2[pdd_popcount(hand)]
    while rest:
        card = pdd_ctz(rest)
        rest &= rest - 1
        suit = card >> 4
        sb = suit_bits(suit)
        if not wants:
            score = ducking_score(st, card, w, opp)
        elif st.ntrick == 0 and st.n == 4:
            if suit != bonus_suit:
                # Once a suit: the cards come suit by suit.
                bonus_suit = suit
                trumps = st.trump >= 0 and (present & suit_bits(st.trump)) != 0
                lead_suit(st, seat, suit, present, trumps, &lsuit)
            score = lead_weight(st, seat, card, trumps, &lsuit)
            if learns:
                score += history_bonus(st.history, card)
        elif st.ntrick == 0:
            others = (present & ~hand) & sb
            if not (others & above(card)):
                # A winner: cash it, unless an opponent may trump it.
                if later_opponent_beats(st, card, side):
                    score = 150 + (card & 15)
                else:
                    score = 300 + (card & 15)
            elif card > 0 and (card & 15) and (hand & ((<uint64_t>1) << (card - 1))) and (present >> (card - 1)) & 1:
                score = 120 + (card & 15)
            else:
                score = 100 - (card & 15)
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
                # Four seats, a discard with trumps: from a long suit (as DDS does).
                score += 4 * pdd_popcount(hand & sb)
        if card == killer:
            score += KILLER_BONUS
        elif card == killer2 and st.pairs:
            score += KILLER2_BONUS
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


cdef int second_follow(State* st, uint64_t moves, int w, int* out) noexcept nogil:
    """Four seats, no trump, the second hand following the lead `w` when its partner does not surely win the
    trick: the order DDS gives it (WeightAllocNTNotvoid1 in its src/Moves.cpp).

    First a card above the lead and every card of the third hand, the
    cheapest; then a card above the lead of a sequence, the lowest first;
    then the other cards above the lead, the lowest first, with the cards
    below every card of the third hand or of the partner (they cannot matter)
    among them; last the cards below the lead.
    """
    cdef int keys[16]
    cdef int count = 0, card, wgt, rr, max3 = -1, min3 = 99, min4 = 99
    cdef uint64_t sb = suit_bits(w >> 4), inhand = st.present & sb, h3, h4, below
    cdef uint64_t hand = st.hands[to_move(st)]
    inhand &= ~((<uint64_t>1) << w)
    h3 = st.hands[seat_at(st, 2)] & sb
    h4 = st.hands[seat_at(st, 3)] & sb
    if h3:
        max3 = pdd_top(h3)
        min3 = pdd_ctz(h3)
    if h4:
        min4 = pdd_ctz(h4)
    while moves:
        card = pdd_ctz(moves)
        moves &= moves - 1
        rr = pdd_popcount(inhand & above(card)) + 1
        if card > w and card > max3:
            wgt = 79 - (card & 15)
        elif (h3 and min3 > card) or (h4 and min4 > card):
            wgt = -3 + rr
        elif card < w:
            wgt = -11 + rr
        else:
            below = inhand & ((<uint64_t>1 << card) - 1)
            if below and (hand >> pdd_top(below)) & 1:
                wgt = 10 + rr
            else:
                wgt = 11 - (card & 15)
        keys[count] = 64 * (wgt + 100) + 63 - card
        count += 1
    return sort_keys(out, keys, count)


cdef int second_follow_trump(State* st, uint64_t moves, int w, int* out) noexcept nogil:
    """Four seats with trumps, the second hand following the lead `w`: the order DDS gives it
    (WeightAllocTrumpNotvoid1 in its src/Moves.cpp).

    A card goes first if the side wins the trick with it: it beats the lead
    and the third hand's cards and the third hand cannot ruff (or the partner
    overruffs), or the partner beats them or ruffs; among those the cheapest
    card above the lead (first one under the partner's top card), then the
    low ones. Then the cards below every card of the third hand or the
    partner, then those below the lead, then the others, the lowest first.
    """
    cdef int keys[16]
    cdef int count = 0, card, wgt, rr, win, rank, led = w >> 4
    cdef int third = seat_at(st, 2), fourth = seat_at(st, 3), seq
    cdef int max3 = -1, min3 = 99, max4 = -1, min4 = 99, t3, t4
    cdef uint64_t sb = suit_bits(led), tb = suit_bits(st.trump), inhand = st.present & sb, h3, h4, below
    cdef uint64_t hand = st.hands[to_move(st)]
    inhand &= ~((<uint64_t>1) << w)
    h3 = st.hands[third] & sb
    h4 = st.hands[fourth] & sb
    if h3:
        max3 = pdd_top(h3)
        min3 = pdd_ctz(h3)
    if h4:
        max4 = pdd_top(h4)
        min4 = pdd_ctz(h4)
    t3 = (st.hands[third] & tb) != 0
    t4 = (st.hands[fourth] & tb) != 0
    while moves:
        card = pdd_ctz(moves)
        moves &= moves - 1
        rank = card & 15
        rr = pdd_popcount(inhand & above(card)) + 1
        below = inhand & ((<uint64_t>1 << card) - 1)
        seq = below != 0 and (hand >> pdd_top(below)) & 1
        win = 0
        if led == st.trump:
            win = (max4 > w and max4 > max3) or (card > w and card > max3)
        elif card > w and card > max3:
            win = h3 != 0 or not t3 or (not h4 and t4 and trumps_over(st, fourth, third))
        elif max4 > w and max4 > max3:
            win = h3 != 0 or not t3
        elif w > max4 and w > max3 and w > card:
            if not h4 and t4:
                win = h3 != 0 or not t3 or trumps_over(st, fourth, third)
        elif not h4 and t4:
            win = 1
        if win:
            if h3 and min3 > card:
                wgt = 40 + rr
            elif max4 > w and (st.hands[st.lead] & sb) and (not h4 or pdd_top(st.hands[st.lead] & sb) > max4):
                wgt = 41 + rr
            elif card > w:
                if card < max4:
                    wgt = 76 - rank
                elif card > max3:
                    wgt = 71 - rank
                elif seq:
                    wgt = 60 - rank
                else:
                    wgt = 47 - rank
            elif h4:
                wgt = 45 - rank
            else:
                wgt = 38 - rank
        elif (h3 and card < min3) or (h4 and card < min4):
            wgt = -9 + rr
        elif card < w:
            wgt = -16 + rr
        elif seq:
            wgt = 20 - rank
        else:
            wgt = 8 - rank
        keys[count] = 64 * (wgt + 100) + 63 - card
        count += 1
    return sort_keys(out, keys, count)


cdef uint64_t fourth_force(State* st, uint64_t cards, int w) noexcept nogil:
    """The third hand of four: of `cards` (above the trick's winner `w`, but below the fourth hand's top card),
    the cheapest that makes the fourth hand play a card of its top run (one above its next card there), or,
    when that next card is not above `w` and the second hand wins the trick so far, the cheapest (DDS's
    RankForcesAce); none if there is no such card or the fourth hand's cards of the suit are one run."""
    cdef uint64_t h4 = st.hands[seat_at(st, 3)] & suit_bits(w >> 4), lower
    if not cards or not h4:
        return 0
    lower = st.present & suit_bits(w >> 4) & ~h4 & ((<uint64_t>1 << pdd_top(h4)) - 1)
    if not lower:
        return 0
    h4 &= (<uint64_t>1 << pdd_top(lower)) - 1
    if not h4:
        return 0
    if pdd_top(h4) > w:
        return lowbit(cards & above(pdd_top(h4)))
    return lowbit(cards) if st.winpos == 1 else 0


cdef uint64_t overtake_to_run(State* st, uint64_t moves, int led) noexcept nogil:
    """The third hand of four with no trump, its partner's lead winning the trick: the lowest of `moves` (one card
    a run) above the lead when the partner led its last card of the suit and the seat can run the suit (DDS's
    WeightAllocNTNotvoid2), else 0.

    The seat holds the suit's top card among the hands, and its cards from the top down, the lead and the
    cards of earlier tricks aside, are more than the opponents' cards still to fall there (the second hand's,
    and the fourth hand's but the one it plays now): overtaking, it runs them, where a low card would leave
    the partner on lead with none of the suit.
    """
    cdef uint64_t sb = suit_bits(led >> 4), h = st.hands[to_move(st)] & sb, blockers, run, over
    cdef int opp, fourth
    if st.hands[seat_at(st, 0)] & sb or not h:
        return 0
    if pdd_top(st.present & sb & ~st.trickbits) != pdd_top(h):
        return 0
    blockers = st.present & sb & ~h & ~((<uint64_t>1) << led)
    run = h & above(pdd_top(blockers)) if blockers else h
    opp = pdd_popcount(st.hands[seat_at(st, 1)] & sb)
    fourth = pdd_popcount(st.hands[seat_at(st, 3)] & sb) - 1
    if fourth > opp:
        opp = fourth
    if opp > pdd_popcount(run) - 1:
        return 0
    over = moves & sb & above(led)
    return lowbit(over) if over else 0


cdef int order_follow(State* st, uint64_t moves, int w, int partner_safe, int side, int* out) noexcept nogil:
    """The order for a seat whose side wants tricks, following suit, as the last of the trick or with no trump
    before it (in the second or third place with four seats), or as the third of four when nobody has trumped
    and the fourth hand follows, without scores (order_moves sends it here).

    If the trick is safe for the seat's side (`partner_safe`): from the
    lowest up (the cards that do not beat the winner `w` come first), but the
    third of four with no trump first overtakes its partner's last card of
    the suit where it can then run the suit (overtake_to_run). Else:
    the cards that beat it and that no opponent still to play can beat (one
    above every card of the suit that those opponents hold), then the other
    cards that beat it, then those that do not, the lowest first in each
    band, as order_moves' bands would order them. With four seats, as DDS
    orders: the second hand (no trump) by second_follow; the third after its
    sure winners plays one card that forces out the fourth hand's top run
    (fourth_force), then the rest from the lowest up. The cards that beat
    `w` are those above it (none if it is a trump and the suit led another).
    """
    cdef uint64_t over = moves & above(w), safe, later = 0, forcing, run
    cdef int pos, seat, count
    if partner_safe:
        if st.n == 4 and st.ntrick == 2 and st.trump < 0:
            run = overtake_to_run(st, moves, st.tcards[st.tno * MAX_SEATS])
            if run:
                out[0] = pdd_ctz(run)
                return ascending(moves ^ run, out, 1)
        return ascending(moves, out, 0)
    if st.n == 4 and st.ntrick == 1 and st.trump < 0:
        return second_follow(st, moves, w, out)
    for pos in range(st.ntrick + 1, st.n):
        seat = seat_at(st, pos)
        if st.maxside[seat] != side:
            later |= st.hands[seat]
    later &= suit_bits(w >> 4)
    safe = over & above(pdd_top(later)) if later else over
    count = ascending(safe, out, 0)
    if st.n == 4 and st.ntrick == 2:
        # The third hand (no trump), as DDS: after the sure winners, the cheapest card that forces out the
        # fourth hand's top run, or, when the second hand is winning, beats it; then the lowest first.
        forcing = fourth_force(st, over ^ safe, w)
        count = ascending(forcing, out, count)
        return ascending(moves ^ safe ^ forcing, out, count)
    count = ascending(over ^ safe, out, count)
    return ascending(moves ^ over, out, count)


cdef int order_discards(State* st, uint64_t moves, int* out) noexcept nogil:
    """The discards with no trump of a seat whose side wants tricks, in order: the highest score first, the
    lower card first between equal ones.

    None of them beats the trick's winner. With three seats a card scores less its rank alone. With four, as
    DDS's WeightAllocNTVoid1-3: its suit's length in the hand times 64 over a divisor (`discard_weights`),
    less its rank, less a penalty for a Kx (two cards, one the suit's second best) or a bare top card. A
    long suit goes first, but a low card of a short suit before a middle one of a long suit. And with four,
    the discards that answered before go earlier (their history, see remember).
    """
    cdef int keys[16]
    cdef int count = 0, card, suit = -1, bonus = 0, length, top, learnt
    cdef int per_card = 0, guarded = 0, bare = 0, learns = learns_nt(st)
    cdef uint64_t hand = st.hands[to_move(st)], held
    if st.n == 4:
        discard_weights(st, &per_card, &guarded, &bare)
    while moves:
        card = pdd_ctz(moves)
        moves &= moves - 1
        if (card >> 4) != suit:
            suit = card >> 4
            bonus = 0
            if per_card:
                length = pdd_popcount(hand & suit_bits(suit))
                bonus = (length * per_card) >> 8
                held = st.present & suit_bits(suit)
                top = pdd_top(held)
                if length == 1 and (hand >> top) & 1:
                    bonus -= bare
                elif length == 2 and (hand >> pdd_top(held ^ ((<uint64_t>1) << top))) & 1:
                    bonus -= guarded
        learnt = history_bonus(st.discard_history, card) if learns else 0
        keys[count] = 64 * (100 - (card & 15) + bonus + learnt) + 63 - card
        count += 1
    return sort_keys(out, keys, count)


cdef inline void discard_weights(State* st, int* per_card, int* guarded, int* bare) noexcept nogil:
    """DDS's weights of a no-trump discard by the trick's position (WeightAllocNTVoid1-3): the weight of each
    card of the suit's length, in 256ths, and the penalties for a Kx and a bare top card.

    DDS weighs the length L as 64 L / D (integer division) with D 23, 24, 27 or 33; (L * ceil(16384 / D)) >> 8
    is the same for every L up to 13, without the division.

    The second hand weighs length most, and fears least for its Kx, where its partner, last to play, holds a
    card of the suit above the lead and the third hand's.
    """
    cdef int led = st.tcards[st.tno * MAX_SEATS] >> 4
    cdef uint64_t third, fourth
    if st.ntrick == 1:
        third = st.hands[seat_at(st, 2)] & suit_bits(led)
        fourth = st.hands[seat_at(st, 3)] & suit_bits(led)
        if fourth and pdd_top(fourth) > current_winner(st) and (not third or pdd_top(fourth) > pdd_top(third)):
            per_card[0] = 713; guarded[0] = 2; bare[0] = 3  # D = 23
        else:
            per_card[0] = 497; guarded[0] = 6; bare[0] = 8  # D = 33
    elif st.ntrick == 2:
        per_card[0] = 683; guarded[0] = 4; bare[0] = 4  # D = 24
    else:
        per_card[0] = 607; guarded[0] = 6; bare[0] = 8  # D = 27


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


cdef enum:
    # A lead the other side surely takes, with four seats: after the leads with a history (ducking_score's
    # 1000 and more), before ducking_score's other leads (312 at most).
    SURE_LOSER_SCORE = 900


cdef int order_ducks(State* st, uint64_t moves, int* out) noexcept nogil:
    """order_moves for a seat whose side wants to lose tricks (misère): the same order, found faster.

    Leads by ducking_score and the killer of the leader's side (the sides
    want opposite leads); with four seats (nolla) the killer comes first,
    then the leads with a history, then the leads the other side surely
    takes (those below sure_loser_below) before the rest. Following suit with no
    trump, by duck_follow; discards with no trump need no scores within a
    suit: the cards under the trick's winner from the top down, or, of several
    suits, by strength from the top (see by_strength).
    """
    cdef int count = 0, card, killer, w, suit = -1, loser_below = -1
    cdef int scores[16]
    cdef int seat = to_move(st), side = st.maxside[seat]
    cdef uint64_t rest, over, under
    if st.counted[seat] == side:
        return order_moves(st, moves, out)
    if st.ntrick == 0:
        killer = st.killer[killer_slot(st)]
        rest = moves
        if st.n != 4:
            while rest:
                card = pdd_ctz(rest)
                rest &= rest - 1
                scores[count] = 64 * (ducking_score(st, card, 0, st.side_hands[1 - side]) + (
                    KILLER_BONUS if card == killer else 0)) + 63 - card
                count += 1
            return sort_keys(out, scores, count)
        while rest:
            card = pdd_ctz(rest)
            rest &= rest - 1
            if (card >> 4) != suit:
                # The cards are taken lowest first, so suit by suit.
                suit = card >> 4
                loser_below = sure_loser_below(st, suit)
            if card == killer:
                scores[count] = 0x7FFFFFC0 + 63 - card
            elif card < loser_below and not st.history[card]:
                # After the leads with a history, before the others, the highest first (ducking_score's order
                # within the band).
                scores[count] = 64 * (SURE_LOSER_SCORE + (card & 15)) + 63 - card
            else:
                scores[count] = 64 * ducking_score(st, card, 0, st.side_hands[1 - side]) + 63 - card
            count += 1
        return sort_keys(out, scores, count)
    if st.trump >= 0:
        return order_moves(st, moves, out)
    w = current_winner(st)
    if not (moves & ~suit_bits(w >> 4)):
        return duck_follow(st, moves, w, side, out)
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


cdef int sure_loser_below(State* st, int suit) noexcept nogil:
    """The card of `suit` below which every lead takes a trick the other side wins, whatever the four play
    (no trump); -1 for none.

    For a side that ducks. A lead is such if a seat X of the other side holds
    only cards above it in its suit, and every other seat of the leader's side
    holding the suit holds a card there below X's lowest: X must play above
    the lead, and the leader's partners play under X's card, so the highest
    card of the trick is the other side's. X is the seat of the other side
    with the highest lowest card, and its lowest card is the answer (the same
    for every lead of the suit, so found once a suit). An ordering rule only,
    never a bound (with trumps, where a void seat may ruff, it is asked all the same).
    """
    cdef int seat, side = st.maxside[st.lead], x = -1
    cdef uint64_t sb = suit_bits(suit), h
    for seat in range(st.n):
        h = st.hands[seat] & sb
        if h and st.maxside[seat] != side and pdd_ctz(h) > x:
            x = pdd_ctz(h)
    if x < 0:
        return -1
    for seat in range(st.n):
        h = st.hands[seat] & sb
        if seat != st.lead and h and st.maxside[seat] == side and pdd_ctz(h) > x:
            return -1
    return x


cdef inline int trick_goes(State* st, int t, int ours, int side, uint64_t sb) noexcept nogil:
    """Four seats: where a trick of suit `sb` goes once the seats after the one to play have followed, its
    highest card now `t` (`ours`: held by a seat of `side`), each of them wanting to lose it: a later seat
    that holds only cards above the highest must play over it, and the trick is then its side's; the others
    play under. 300 if the other side so takes it, a seat of it forced over; 200 if it takes it with the card
    already winning; 50 if `side` takes it (a partner forced over the trick included)."""
    cdef int pos, seat, forced = 0
    cdef uint64_t h
    for pos in range(st.ntrick + 1, st.n):
        seat = seat_at(st, pos)
        h = st.hands[seat] & sb
        if h and pdd_ctz(h) > t:
            t = pdd_ctz(h)
            ours = st.maxside[seat] == side
            forced = 1
    if ours:
        return 50
    return 300 if forced else 200


cdef int duck_follow(State* st, uint64_t moves, int w, int side, int* out) noexcept nogil:
    """order_ducks for a seat following suit with no trump, the trick's winner `w`: the likely losers first.

    Each card makes the trick's highest card t (itself, if above `w`). If
    that is the seat's side's and a later seat of the other side holds only
    cards above t, that seat must take the trick over it: those cards first.
    Then the cards under `w` when the other side's card wins the trick. Last
    the cards after which the seat's side surely takes the trick (every later
    seat of the other side can play under t). In each band the highest first:
    it keeps the lower cards to lose with later, and of those the trick goes
    to the side anyway, the highest is the one most likely to take a trick
    later. With four seats the bands follow the trick to its end
    (trick_goes): a partner who must play over the trick takes it for the
    side, so a card under the other side's winning card then goes last.
    """
    cdef int keys[16]
    cdef int count = 0, card, pos, seat, t, lo_other = -1, score
    cdef uint64_t sb = suit_bits(w >> 4), h
    cdef int w_ours = st.maxside[seat_at(st, st.winpos)] == side
    if st.n != 4:
        # The highest lowest card of the suit among the later seats of the other side holding it.
        for pos in range(st.ntrick + 1, st.n):
            seat = seat_at(st, pos)
            h = st.hands[seat] & sb
            if h and st.maxside[seat] != side and pdd_ctz(h) > lo_other:
                lo_other = pdd_ctz(h)
    while moves:
        card = pdd_ctz(moves)
        moves &= moves - 1
        t = card if card > w else w
        if st.n == 4:
            score = trick_goes(st, t, card > w or w_ours, side, sb) + (card & 15)
        elif card < w and not w_ours:
            score = 200 + (card & 15)
        elif lo_other > t:
            score = 300 + (card & 15)
        else:
            score = 50 + (card & 15)
        keys[count] = 64 * score + 63 - card
        count += 1
    return sort_keys(out, keys, count)


cdef void remember(uint32_t* history, int* moves, int answered, int left, uint32_t malus) noexcept nogil:
    """Count the card moves[answered] that answered the question in `history`, and against the cards tried
    before it, with `left` tricks left.

    The history heuristic, for the leads of sides that play to lose tricks (see
    ducking_score) and for partners playing for tricks with no trump, their
    leads and their discards (bonuses on DDS's weights, see order_moves and
    order_discards): a card that answers in one position often answers in others, and more so the
    larger the search it ended, so its count goes up by the square of the tricks
    left. The cards tried before it here (mostly the history's own first choices)
    did not answer: each one's count goes down by `malus` times as much, to
    no less than 0 (a history malus, as chess engines keep), so that a card that
    answered often earlier stops coming first where it keeps failing.
    """
    cdef int i
    cdef uint32_t down = malus * left * left
    if history[moves[answered]] < HISTORY_CAP:
        history[moves[answered]] += left * left
    for i in range(answered):
        history[moves[i]] = history[moves[i]] - down if history[moves[i]] > down else 0


cdef inline int history_bonus(uint32_t* history, int card) noexcept nogil:
    """The order bonus of `card` from a history of partners playing for tricks with no trump."""
    return min(<int>(history[card] >> HISTORY_SHIFT), HISTORY_BONUS_CAP)
