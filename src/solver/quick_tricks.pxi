# Quick tricks: the tricks the leader's side surely takes at once by cashing winners (DDS's QuickTricks).
#
# At a trick start, the leader's cards above every other card of their suit win unless somebody
# trumps them; a partner's winners count after a lead to its top card (transfer_tricks,
# ruffed_transfer) or its ruff (partner_ruff), and with `follow` alone and the other side's trumps
# drawn or none whole suits are cashed (cashed_tricks).
# Enough of them answer the question without a search; fewer_winners and fewer_cashed then give
# the table only the ranks those tricks need, so that its entry stands for more positions.
# second_hand_tricks counts the same way part way through a trick, for the side of the second hand.
# crossruff_tricks counts a side holding every trump (or drawing the other side's): its ruffs in
# each other's voids, from the suit lengths alone.

cdef enum:
    # From this many tricks left, cashed_tricks counts the entry's trick among the partner's when the leader
    # holds trumps (one spare card fewer); nearer the end its entries, fixing every counted card, cost more
    # trick starts than its answers save (trumps, seeds 1-3: from 5 20.06 M, 6 20.05 M, 7 and 8 20.08 M).
    ENTRY_TRICK_FROM = 6


cdef int quick_tricks(State* st, uint64_t* rel, int need) noexcept nogil:
    """Tricks the leader can surely cash from its own hand, whatever the others do.

    A card of the leader higher than every other present card of its suit wins
    when led unless somebody trumps it. Nobody can trump in no trump, in the
    trump suit, or when no other seat need trump them (an opponent holds no
    trump, a partner can play other cards: see spares): those winners are summed
    (they stay winners whatever is played meanwhile). In a side suit that
    another seat could trump, a seat holding trumps is kept from trumping only
    by `follow` while it still holds the suit; one such suit, cashed first,
    adds as many rounds as every trump-holding seat can surely follow.

    The transfer to the partner (transfer_tricks) and the whole suits of
    cashed_tricks are counted only while the count so far is below `need`
    (the tricks the question needs: the caller asks only whether the count
    reaches it, then trims `rel` with fewer_winners, ruffed_transfer and
    fewer_cashed). The whole suits are counted with no trump, or with trumps
    when the other side's are drawn first (every opponent holds no more
    trumps than the leader's above every other trump), and only for two
    tricks or more (where one is needed, the leader's winners or the transfer
    count it: none of cashed_tricks' 387,562 counts for one trick on 100
    no-trump deals reached it).

    `rel` gets the cards whose ranks the count used: the leader's winners
    in each suit another hand holds (where a seat may trump, only the trump
    ones and the rounds counted of the side suit).
    """
    cdef int lead = st.lead, s, suit, w, r, q = 0, side_best = 0, ln, cashed = 0
    cdef uint64_t hand = st.hands[lead], others = st.present & ~hand, mine, oth, tb = 0
    cdef int ruffers = 0, enemy_trumps = 0, drawn = 0, undrawn = 0, best_suit = -1
    cdef int wins[4]
    cdef uint64_t ranked[4]
    # The leader's winners in each suit (its cards above every other card there), found once; their ranks
    # matter where another hand holds the suit.
    for suit in range(4):
        wins[suit] = 0
        ranked[suit] = 0
        mine = hand & suit_bits(suit)
        if not mine:
            continue
        oth = others & suit_bits(suit)
        if oth:
            mine &= above(pdd_top(oth))
            ranked[suit] = mine
        wins[suit] = pdd_popcount(mine)
        q += wins[suit]
    if st.trump >= 0:
        tb = suit_bits(st.trump)
        cashed = q - wins[st.trump]
        if st.cons & C_FOLLOW:
            # The leader's top trumps, led first, draw the trumps of an opponent holding no more of them.
            drawn = wins[st.trump]
        if st.pairs:
            # The opponents sit at lead ^ 1 and lead ^ 3, the partner at lead ^ 2.
            if st.side_hands[1 - st.maxside[lead]] & tb:
                enemy_trumps = 1
                if (pdd_popcount(st.hands[lead ^ 1] & tb) > drawn
                        or pdd_popcount(st.hands[lead ^ 3] & tb) > drawn):
                    ruffers = 1
                    undrawn = 1
            if st.hands[lead ^ 2] & tb and not spares(st, lead ^ 2, cashed):
                ruffers = 1
        else:
            for s in range(st.n):
                if s != lead and (st.hands[s] & tb):
                    if st.maxside[s] != st.maxside[lead]:
                        enemy_trumps = 1
                        if pdd_popcount(st.hands[s] & tb) > drawn:
                            ruffers = 1
                            undrawn = 1
                    elif not spares(st, s, cashed):
                        ruffers = 1
    if ruffers:
        # Every winner counts (q so far) unless a seat could trump it: the trump winners, and one side suit's
        # rounds that every seat holding trumps surely follows.
        q = wins[st.trump]
        if st.cons & C_FOLLOW:
            for suit in range(4):
                w = wins[suit]
                if w == 0 or suit == st.trump:
                    continue
                r = w
                for s in range(st.n):
                    if s != lead and (st.hands[s] & tb):
                        ln = pdd_popcount(st.hands[s] & suit_bits(suit))
                        if ln < r:
                            r = ln
                if r > side_best:
                    side_best = r
                    best_suit = suit
        q += side_best
        # Only the winners counted: the trump ones and the side suit's rounds.
        rel[0] |= ranked[st.trump]
        if best_suit >= 0:
            rel[0] |= top_n(ranked[best_suit], side_best)
    else:
        rel[0] |= ranked[0] | ranked[1] | ranked[2] | ranked[3]
        if enemy_trumps and not (st.side_hands[st.maxside[lead]] & ~hand & tb):
            # The leader's top trumps draw every opponent's (none holds more of them), and no partner holds a
            # trump: then its lower trumps win too, led after them.
            q += pdd_popcount(hand & tb) - wins[st.trump]
    ln = st.partner[lead]
    # Only to a side's one partner: a third seat of the side could take the transfer
    # (a higher card, or a trump that `ruff` forces) and lead away from the partner's winners.
    if not (st.cons & C_LW) and not enemy_trumps and ln >= 0 and q < need:
        q = transfer_tricks(st, ln, q, need, rel)
    if st.cons == C_FOLLOW and not undrawn and ln != -2 and q < need and need > 1:
        q = cashed_tricks(st, ln, q, need, rel)
    return q


cdef int fewer_winners(State* st, int need, uint64_t* rel) noexcept nogil:
    """Whether the leader's own winners alone make `need` tricks; if so `rel` gets only the ones used.

    When no other hand holds a trump (nobody can ruff), each card of the leader
    above every other card of its suit wins when led, the leader keeping the
    lead. A suit the others are void in counts whole by the suit lengths alone
    (no rank needed); in the others, the top winners down to the count needed.
    Fewer cards in `rel` than quick_tricks' make the table entries above more
    general.
    """
    cdef int lead = st.lead, suit, q = 0, k
    cdef uint64_t hand = st.hands[lead], others = st.present & ~hand, mine, oth, out = 0, w
    if st.trump >= 0 and (others & suit_bits(st.trump)):
        return 0
    for suit in range(4):
        mine = hand & suit_bits(suit)
        if mine and not (others & suit_bits(suit)):
            q += pdd_popcount(mine)
    for suit in range(4):
        if q >= need:
            break
        mine = hand & suit_bits(suit)
        oth = others & suit_bits(suit)
        if not (mine and oth):
            continue
        w = mine & above(pdd_top(oth))
        k = pdd_popcount(w)
        if q + k >= need:
            w = top_n(w, need - q)
        out |= w
        q += k
    if q < need:
        return 0
    rel[0] = out
    return 1


cdef uint64_t suit_winners(State* st, int holder, int suit, int* longest) noexcept nogil:
    """The cards of `holder` in `suit` above every other hand's there; `longest[0]` gets the longest other holding.

    Led one by one they win and keep the lead (`follow` alone, no trump); if
    they are at least `longest[0]`, the others are then void and all of the
    holder's cards of the suit win (as cashed_tricks and cashed_suit count).
    At a trick start (every present card is in a hand).
    """
    cdef uint64_t sb = suit_bits(suit), winners = st.hands[holder] & sb, others = st.present & sb & ~winners
    cdef int seat, ln
    longest[0] = 0
    for seat in range(st.n):
        if seat != holder:
            ln = pdd_popcount(st.hands[seat] & sb)
            if ln > longest[0]:
                longest[0] = ln
    if others:
        winners &= above(pdd_top(others))
    return winners


cdef int split_tricks(State* st, int partner, int suit, uint64_t* winners) noexcept nogil:
    """Tricks the leader cashes in `suit` whose `winners[0]` (its cards above all others there) are not all its cards,
    with the partner's help, keeping the lead; `winners[0]` gets the partner's card used.

    With `follow` alone and no trump (as cashed_tricks counts). If the next card
    below the leader's winners is the partner's (so above every opponent's card
    of the suit), the leader holds a card below it and the partner another card,
    the leader leads low to the partner's card, which wins, and the partner
    returns a low card to the leader's winners: one trick more than the winners,
    the lead back with the leader (DDS's quick tricks count "Kx opposite Ax" so).
    If the partner then is void in the suit and every opponent too (none held
    more cards than those rounds), all of the leader's cards there win.
    """
    cdef uint64_t sb = suit_bits(suit), below = st.present & sb & ~winners[0]
    cdef int w = pdd_popcount(winners[0]), mine = pdd_popcount(st.hands[st.lead] & sb), seat, second
    cdef int theirs = pdd_popcount(st.hands[partner] & sb)
    if not below:
        return w
    second = pdd_top(below)
    if not ((st.hands[partner] >> second) & 1) or mine <= w or theirs < 2:
        return w
    winners[0] |= (<uint64_t>1) << second
    if theirs == 2:
        for seat in range(st.n):
            if seat != st.lead and seat != partner and pdd_popcount(st.hands[seat] & sb) > w + 1:
                return w + 1
        return mine
    return w + 1


cdef uint64_t cashed_suit(State* st, int holder, int suit, int partner, int* need) noexcept nogil:
    """The cards (with the top card) whose ranks make `holder` cash `need[0]` tricks in `suit`, or its most.

    As cashed_tricks counts (see suit_winners; with the leader's `partner`, -1
    for none or when `holder` is the partner, see split_tricks). `need[0]` goes
    down by the tricks counted. None where no other hand holds the suit: the
    suit lengths alone make its cards winners.
    """
    cdef uint64_t sb = suit_bits(suit), winners
    cdef int longest, w
    winners = suit_winners(st, holder, suit, &longest)
    w = pdd_popcount(winners)
    if need[0] <= w:
        winners = top_n(winners, need[0]) if longest else 0
        need[0] = 0
    elif w >= longest:
        winners = top_n(winners, longest)
        need[0] -= pdd_popcount(st.hands[holder] & sb)
    else:
        if partner >= 0:
            w = split_tricks(st, partner, suit, &winners)
        need[0] -= w
    return winners


cdef int fewer_cashed(State* st, int need, uint64_t* rel) noexcept nogil:
    """Whether the tricks cashed_tricks counts reach `need` with fewer cards in `rel`; if so `rel` gets those.

    The leader's suits first, then (through an entry: a suit whose top card
    the partner holds and in which the leader holds a card) the partner's, each
    counted only down to the ranks the tricks still needed use (see cashed_suit).
    Every position that agrees on those cards (and the suit lengths) counts at
    least as many. Only where cashed_tricks counts with no trump held by the
    other side (`follow` alone; its drawn trumps would need their ranks kept),
    with the same check of the leader's cards outside trumps for the rounds
    counted.
    """
    cdef int lead = st.lead, partner = st.partner[lead], suit, top, left = pdd_popcount(st.hands[lead]), before
    cdef int spare = 0
    cdef uint64_t out = 0, present = present_cards(st), sb, entry = 0, tb = 0
    if st.cons != C_FOLLOW or need > left or partner == -2:
        return 0
    if st.trump >= 0:
        tb = suit_bits(st.trump)
        # With trumps only when the other side holds none (no rank then keeps them from ruffing).
        if st.side_hands[1 - st.maxside[lead]] & tb:
            return 0
        if st.hands[lead] & tb:
            spare = pdd_popcount(st.hands[lead] & ~tb)
    for suit in range(4):
        sb = suit_bits(suit)
        if need > 0 and (st.hands[lead] & sb) and (st.hands[lead] >> pdd_top(present & sb)) & 1:
            before = need
            out |= cashed_suit(st, lead, suit, partner, &need)
            if suit != st.trump:
                spare -= before - need
    if need > 0 and partner >= 0:
        for suit in range(4):
            sb = suit_bits(suit)
            if present & sb:
                top = pdd_top(present & sb)
                if (st.hands[partner] >> top) & 1 and st.hands[lead] & sb and not (entry & tb):
                    entry = (<uint64_t>1) << top
        if entry:
            # The entry's top card, so that every position the answer stands for has it.
            out |= entry
            if not (entry & tb):
                spare -= 1
            before = need
            for suit in range(4):
                sb = suit_bits(suit)
                if need > 0 and (st.hands[partner] & sb) and (st.hands[partner] >> pdd_top(present & sb)) & 1:
                    out |= cashed_suit(st, partner, suit, -1, &need)
            # With trumps in hand, the leader plays other cards to the partner's winners (as cashed_tricks).
            if st.hands[lead] & tb and spare < before - need:
                return 0
    if need > 0:
        return 0
    rel[0] = out
    return 1


cdef inline int cards_down(uint64_t cards, int* out) noexcept nogil:
    """`cards` into `out` from the highest down; returns how many."""
    cdef int n = 0
    while cards:
        out[n] = pdd_top(cards)
        cards ^= (<uint64_t>1) << out[n]
        n += 1
    return n


cdef inline int opponents_longest(State* st, int partner, uint64_t sb) noexcept nogil:
    """The most cards of the suit `sb` that a seat other than the leader and its `partner` holds."""
    cdef int seat, ln, m = 0
    for seat in range(st.n):
        if seat != st.lead and seat != partner:
            ln = pdd_popcount(st.hands[seat] & sb)
            if ln > m:
                m = ln
    return m


cdef int unblocked_tricks(int* l, int a, int* p, int b, int m, int top_opp, uint64_t* used) noexcept nogil:
    """All `a` cards of the leader's longer holding l1 > ... > la won in a suit with the partner's b <= a cards
    p1 > ... > pb, the partner winning some rounds on the way; 0 if not (see combined_tricks).

    With no trump and `follow` alone, no opponent holding more than m cards of
    the suit, the highest of them `top_opp` (-1 if none). While both hands
    hold the suit (rounds 1 to b) each plays one card a round, in any pairing
    and order the side chooses: the round's winner, the leader or the
    partner, leads the next round and still holds the suit. Rounds b+1 to a
    are the leader's cards alone. All a win, the leader keeping the lead, if
    (1) the leader wins round b (its card there above the partner's; the
    partner has no card left to lead) and (2) each of the first k = min(m, a)
    rounds, while an opponent may still follow, is won above every opponent's
    card: a pair or a lone card with a card above `top_opp` ("high"). Let hl
    and hp be the leader's and the partner's high cards. Round b pairs pb
    (the partner's lowest, the easiest to beat) with a leader's card above
    it. If k < b, the first k rounds are chosen among the other b - 1 pairs,
    so it suffices that the leader's lowest card above pb (spending a high
    card only if it must) leaves min(b - 1, hl' + hp') >= k, the high cards
    left each in its own pair (the leader's other cards fill the pairs:
    a - 1 >= b - 1). If k >= b, every pair and the lone rounds up to k need a
    high card: round b takes a high card of the leader's above pb (there is
    one if l1 > pb and hl >= 1), the other b - 1 pairs the partner's other
    high cards or else the leader's, the lone rounds b+1 to k the leader's:
    hl >= 1 + max(0, b - 1 - hp') + k - b. "K9432 opposite T87" against a lone
    jack: the king, then the two to the ten, the eight back to the nine, and
    the four and three win (five tricks; the partner's cards cannot all play
    under the leader's). `used` gets `top_opp` (so that every matching
    position has the same high cards in the same hands) and, when round b's
    cards are both below it (or there is no opponent card), pb (then the
    leader's card above it is fixed too).
    """
    cdef int k = min(m, a), hl = 0, hp = 0, i, j = -1, pb = p[b - 1], hp2
    for i in range(a):
        if l[i] > top_opp:
            hl += 1
        if l[i] > pb:
            j = i
    for i in range(b):
        if p[i] > top_opp:
            hp += 1
    if j < 0:
        return 0
    hp2 = hp - (pb > top_opp)
    if k < b:
        if min(b - 1, hl - (l[j] > top_opp) + hp2) < k:
            return 0
        used[0] = (<uint64_t>1) << top_opp if top_opp >= 0 else 0
        if top_opp < 0 or l[j] < top_opp:
            used[0] |= (<uint64_t>1) << pb
        return a
    if hl < 1 + max(0, b - 1 - hp2) + k - b:
        return 0
    used[0] = (<uint64_t>1) << top_opp
    return a


cdef int combined_tricks(State* st, int partner, int suit, int* to_partner, uint64_t* used) noexcept nogil:
    """Tricks the leader's side cashes in `suit`, whose top card the leader holds, the partner's cards
    played under the leader's or taking over after them; 0 if this count does not apply.

    With `follow` alone and no trump held by the other side (as cashed_tricks).
    The leader holds a cards l1 > ... > la there, the partner b cards p1 > ...
    > pb, and no opponent more than m. The leader long (a >= b): it leads its
    cards from the top, the partner playing its own from the top under them
    (pi < li for every i <= b); all a win if each card led while an opponent
    may still follow (i <= m) is above every opponent's card, and the lead
    stays with the leader. The partner long (b > a): the leader leads l1 ...
    l(a-1) with the partner's lowest a-1 cards under them, then la to the
    partner's top card p1, and the partner leads its other top cards; all b
    win if those lowest cards fit under, p1 > la, and each round's winning
    card is above every opponent's card while an opponent may still follow;
    the lead is then the partner's (`to_partner[0]` = 1). "AT3 opposite K854"
    makes four tricks so. `used` gets the cards the table must fix (with
    every card above them): the leader long, its top max(b, min(a, m)) cards
    (a lower card of the partner's or an opponent's is then below the
    leader's card it is compared with); the partner long, the rounds'
    winning cards where those reach the entry's round, else the leader's
    cards (p1, above la, is then fixed too, the partner's lowest a - 1 stay
    under the leader's cards, fixed or not, and the partner's later rounds,
    the opponents void, need no rank).
    """
    cdef uint64_t sb = suit_bits(suit), mine = st.hands[st.lead] & sb, theirs = st.hands[partner] & sb
    cdef uint64_t opp = st.present & sb & ~mine & ~theirs, won = 0
    cdef int l[16]
    cdef int p[16]
    cdef int a, b, m, i, top_opp = -1, rounds, win
    to_partner[0] = 0
    if not theirs:
        return 0
    m = opponents_longest(st, partner, sb)
    if opp:
        top_opp = pdd_top(opp)
        # Every round an opponent may still follow is won by a card of the side above all of theirs.
        if pdd_popcount((mine | theirs) & above(top_opp)) < min(max(pdd_popcount(mine), pdd_popcount(theirs)), m):
            return 0
    a = cards_down(mine, l)
    b = cards_down(theirs, p)
    if a >= b:
        for i in range(b):
            if p[i] > l[i]:
                return unblocked_tricks(l, a, p, b, m, top_opp, used)
        for i in range(min(a, m)):
            if l[i] < top_opp:
                return unblocked_tricks(l, a, p, b, m, top_opp, used)
        used[0] = 0
        for i in range(max(b, min(a, m))):
            used[0] |= (<uint64_t>1) << l[i]
        return a
    if p[0] < l[a - 1]:
        return 0
    for i in range(a - 1):
        if p[b - a + 1 + i] > l[i]:
            return 0
    rounds = min(b, m)
    for i in range(rounds):
        win = l[i] if i < a - 1 else p[i - a + 1]
        if win < top_opp:
            return 0
        won |= (<uint64_t>1) << win
    to_partner[0] = 1
    if rounds >= a:
        # The rounds' winning cards alone: every card below the lowest of them then stays below the cards it
        # is compared with (the leader's low entry under p1, the partner's low cards under the leader's).
        used[0] = won
        return b
    used[0] = mine
    return b


cdef int partner_suit_tricks(State* st, int partner, int suit, uint64_t* used) noexcept nogil:
    """Tricks the partner cashes in `suit`, whose top card it holds, the leader's cards played under its
    own; 0 if this count does not apply.

    As cashed_tricks counts the partner's suits, but against the opponents'
    cards alone: the partner holds b cards p1 > ... > pb there, the leader a
    cards l1 > ... > la, and no opponent more than m. The leader may lead la
    to p1 (the entry), then plays l1, l2 ... under the partner's p2, p3 ...
    (li < p(i+1)); all b win if each card the partner wins with while an
    opponent may still follow (i <= m) is above every opponent's card. `used`
    gets the partner's top cards compared, which the table must fix (a lower
    card of the leader's or an opponent's is then below them).
    """
    cdef uint64_t sb = suit_bits(suit), mine = st.hands[st.lead] & sb, theirs = st.hands[partner] & sb
    cdef uint64_t opp = st.present & sb & ~mine & ~theirs
    cdef int l[16]
    cdef int p[16]
    cdef int a, b, m = opponents_longest(st, partner, sb), i
    if opp and pdd_popcount(theirs & above(pdd_top(opp))) < min(pdd_popcount(theirs), m):
        return 0
    a = cards_down(mine, l)
    b = cards_down(theirs, p)
    for i in range(min(a, b) - 1):
        if l[i] > p[i + 1]:
            return 0
    used[0] = 0
    for i in range(max(min(b, m), min(a, b))):
        used[0] |= (<uint64_t>1) << p[i]
    return b


cdef int cashed_tricks(State* st, int partner, int q, int need, uint64_t* rel) noexcept nogil:
    """The better of `q` and the tricks the leader's side cashes: the leader's suits, then the partner's.

    With `follow` alone and no trump held by the other side (so nobody can
    take a trick but with the top card of its suit; or every opponent holds
    no more trumps than the leader's above every other trump, which it leads
    first: its trump suit counts among its suits, and the other side's
    trumps are then drawn), for at most one `partner` (-1: none). In a suit whose top card the leader holds, it leads its cards
    above every other card of the suit, keeping the lead; if those are at least
    as many as the cards of every other hand there, the others are then void and
    all of its cards win. The partner's suits count the same way after the
    leader leads a card of one of them to the partner's top card (its cards
    there stay untouched meanwhile: the leader leads only its own suits, and
    the partner keeps the counted cards as long as it has others to play).
    With trumps in its hand, the leader must hold cards outside trumps for
    the partner's rounds after the entry's trick (see spares) besides those of
    its own side suits and the entry (none for an entry in trumps), or the
    partner's suits are not counted (from ENTRY_TRICK_FROM tricks left;
    nearer the end, for every round of the partner's). The total is at most the tricks left.
    `rel` gets the counted top cards: in a suit whose cards all win (the
    others void after the rounds of the winners), only the top winners that
    outlast the longest other holding, none where no other hand holds it.

    With no trump, if that falls short of `need`, a suit whose top card the
    leader holds counts as combined_tricks does, if that is more; one that
    combined_tricks ends in the partner's hand, led last, is an entry to the
    partner's suits (then only if the partner can keep every counted card:
    no more than the tricks left). Only then: its table entries fix more
    cards, and its count costs time at every trick start.

    With no trump, if the count still falls short of `need`: a suit whose top
    card the partner holds, its only winner there, and the second the
    leader, each holding two cards or more ("Ax opposite Kx", the ace the
    partner's), takes two tricks with the lead back at the leader: a low card
    to the ace, and the partner's next card (below the king, the highest card
    left) back to the king; if the partner held two cards there and no
    opponent more than two, all of the leader's cards there win (the others
    are then void). Such suits go after the leader's own, before the
    partner's other suits, which then need another entry; or one of them is
    the entry, led last (its ace, then the partner's suits; the one counted
    fewest tricks). `rel` then gets
    each such suit's second card (its top two fixed) with the counted cards.
    If instead the leader holds two cards there and the partner more, and no
    opponent more than two, the suit takes as many tricks as the partner
    holds and leaves the lead with it: the king wins (the partner plays low),
    the other card goes to the ace, and the partner's other cards then win,
    the others void (DDS's QuickTricksPartnerHandNT counts it). Led last, it
    is the entry, as the finesse below (the one counted most of the two). On
    100 no-trump deals a seed, seeds 1-12: 0.4% fewer trick starts (seed 9's
    deal 43: 29,612 -> 23,896, the count DDS's search made at once).

    With no trump and two sides of partners: a suit whose top card the
    partner holds, its only winner there, the second card the seat after the
    leader and the third the partner's, is the finesse of transfer_tricks: led
    last by the leader, through that seat, it is the entry and takes two
    tricks, the partner keeping the lead; and if no other hand holds more than
    two cards there, all of the partner's cards there win (the others are void
    after the second round), as DDS's QuickTricksPartnerHandNT counts them.
    One such suit counts (the one counted most), and only as the entry; `rel`
    then gets its third card (its top three fixed). On 100 no-trump deals a
    seed, seeds 1-12: 1.2% to 2.9% fewer trick starts.
    """
    cdef int lead = st.lead, suit, holder, w, longest, cash, mine = 0, theirs = 0, entry = 0, spare = 0
    cdef int left = pdd_popcount(st.hands[lead]), to_partner, combined, gain = 0, total, candidates = 0, most = 0, most_here
    cdef int rounds = left, nback = 0, entry_nb = 0, mine0, theirs0, back, bt, back_sum = 0, back_min = 16
    cdef uint64_t back_bits = 0, rl0, rp0, rest, fin_bits = 0
    cdef int fin = 0, fin_here, no_cand = 0, unblock = 0, back_fin
    cdef uint64_t unblock_bits = 0
    cdef int cash_of[4]
    cdef uint64_t sb, top_bit, winners, rl = 0, rp = 0, used, gain_used = 0
    cdef uint64_t tb = suit_bits(st.trump) if st.trump >= 0 else 0
    cdef uint64_t ours = st.hands[lead] | (st.hands[partner] if partner >= 0 else 0)
    for suit in range(4):
        sb = suit_bits(suit)
        if not (ours & sb):
            continue
        top_bit = (<uint64_t>1) << pdd_top(st.present & sb)
        if st.hands[lead] & top_bit:
            holder = lead
        elif partner >= 0 and st.hands[partner] & top_bit:
            holder = partner
        else:
            continue
        winners = suit_winners(st, holder, suit, &longest)
        w = pdd_popcount(winners)
        if w >= longest:
            # Its top `longest` winners leave every other hand void, and then all of its cards win.
            cash = pdd_popcount(st.hands[holder] & sb)
            winners = top_n(winners, longest)
        else:
            cash = w
            if holder == lead and partner >= 0:
                cash = split_tricks(st, partner, suit, &winners)
        if holder == lead:
            mine += cash
            rl |= winners
            if suit != st.trump:
                spare -= cash
            if st.trump < 0 and partner >= 0:
                most_here = max(pdd_popcount(st.hands[lead] & sb), pdd_popcount(st.hands[partner] & sb))
                if most_here > cash:
                    candidates |= 1 << suit
                    cash_of[suit] = cash
                    most += most_here - cash
        else:
            no_cand = 0
            if (st.trump < 0 and cash == 1 and pdd_popcount(st.hands[partner] & sb) >= 2
                    and pdd_popcount(st.hands[lead] & sb) >= 2
                    and (st.hands[lead] >> pdd_top(st.present & sb & ~top_bit)) & 1):
                # "Ax opposite Kx", the partner's ace: low to it and back to the king (see below).
                nback += 1
                back_bits |= (<uint64_t>1) << pdd_top(st.present & sb & ~top_bit)
                # The partner's two cards and every opponent's played, the leader's other cards win too.
                bt = 2
                if pdd_popcount(st.hands[partner] & sb) == 2 and opponents_longest(st, partner, sb) <= 2:
                    bt = pdd_popcount(st.hands[lead] & sb)
                back_sum += bt
                if bt < back_min:
                    back_min = bt
                if (pdd_popcount(st.hands[lead] & sb) == 2 and pdd_popcount(st.hands[partner] & sb) > 2
                        and opponents_longest(st, partner, sb) <= 2):
                    # "Kx opposite A and more": the king wins, the other card goes to the ace, and the partner's
                    # cards all win, the others void; led last, an entry like the finesse (see below).
                    no_cand = 1
                    fin_here = pdd_popcount(st.hands[partner] & sb) - 1
                    if fin_here > unblock:
                        unblock = fin_here
                        unblock_bits = (<uint64_t>1) << pdd_top(st.present & sb & ~top_bit)
            elif st.hands[lead] & sb:
                entry_nb = 1
                if st.trump < 0 and cash == 1 and st.pairs:
                    # The finesse: the seat after the leader holds the second card, the partner the third. Led
                    # through that seat (the entry), the partner takes two tricks and keeps the lead; if no other
                    # hand holds more than two cards there, they are all void then, and all the partner's cards win.
                    rest = st.present & sb & ~top_bit
                    if (st.hands[(lead + 1) & 3] >> pdd_top(rest)) & 1:
                        rest &= ~((<uint64_t>1) << pdd_top(rest))
                        if rest and (st.hands[partner] >> pdd_top(rest)) & 1:
                            fin_here = 1
                            if (pdd_popcount(st.hands[lead] & sb) <= 2
                                    and pdd_popcount(st.hands[(lead + 1) & 3] & sb) <= 2
                                    and pdd_popcount(st.hands[(lead + 3) & 3] & sb) <= 2):
                                fin_here = pdd_popcount(st.hands[partner] & sb) - 1
                            if fin_here > fin:
                                fin = fin_here
                                fin_bits = (<uint64_t>1) << pdd_top(rest)
                            # (Counted here, not by partner_suit_tricks below.)
                            no_cand = 1
            theirs += cash
            rp |= winners
            if st.hands[lead] & sb:
                # A trump entry keeps the leader's other cards for the partner's rounds.
                entry = 2 if suit == st.trump or entry == 2 else 1
            most_here = pdd_popcount(st.hands[partner] & sb)
            if most_here > cash and not no_cand:
                candidates |= 1 << suit
                cash_of[suit] = cash
                most += most_here - cash
    # At most one finesse counts: it must be the entry, led by the leader; or, if it counts more, the king and
    # the ace led that way (then not where the suit returns the lead to the leader: back_fin, below).
    back_fin = fin
    if unblock > fin:
        fin = unblock
        fin_bits = unblock_bits
        back_fin = 0
    theirs += fin
    rp |= fin_bits
    if entry and st.trump >= 0 and st.hands[lead] & tb:
        # With trumps in hand, the leader plays other cards to the partner's winners (see spares): those left
        # after its own side suits and the entry, one for each of the partner's tricks after the entry's own
        # (the entry's trick is one of them), from ENTRY_TRICK_FROM tricks left.
        spare += pdd_popcount(st.hands[lead] & ~tb) - (entry == 1)
        rounds = spare + (1 if left >= ENTRY_TRICK_FROM else 0)
        if rounds < theirs:
            entry = 0
    total = mine + theirs if entry else mine
    if total > left:
        total = left
    mine0 = mine
    theirs0 = theirs
    rl0 = rl
    rp0 = rp
    # Only if the combined counts could reach `need` (each at most the suit's longest holding).
    if total < need and q < need and candidates and mine + theirs + most >= need:
        for suit in range(4):
            if not (candidates >> suit) & 1:
                continue
            used = 0
            if (st.hands[partner] >> pdd_top(st.present & suit_bits(suit))) & 1:
                # The partner's suit: its count needs an entry, and the leader's cards for its rounds
                # (with trumps in its hand, see the spare cards above).
                combined = partner_suit_tricks(st, partner, suit, &used) if entry else 0
                # Kept whole: a partner discarding one of these cards could block the suit.
                if (combined > cash_of[suit] and theirs + combined - cash_of[suit] <= rounds
                        and mine + theirs + combined - cash_of[suit] <= left):
                    theirs += combined - cash_of[suit]
                    rp |= used
                continue
            combined = combined_tricks(st, partner, suit, &to_partner, &used)
            if combined <= cash_of[suit]:
                continue
            if not to_partner:
                mine += combined - cash_of[suit]
                rl |= used
            elif combined - cash_of[suit] > gain:
                gain = combined - cash_of[suit]
                gain_used = used
        total = mine + theirs if entry else mine
        if total > left:
            total = left
        # A leader's suit ending in the partner's hand as the entry instead: the finesse then does not count.
        if gain and mine + gain + theirs - fin <= left and mine + gain + theirs - fin > total:
            total = mine + gain + theirs - fin
            rl |= gain_used
            rp &= ~fin_bits
            entry = 1
    if entry:
        rl |= rp
    if nback and total < need and q < need:
        # The suits returned to the leader (`nback`, the partner's ace and the leader's king): two tricks each and
        # the lead back; the partner's other suits then need another entry (a finesse, not one of these suits
        # led for the partner's length), or one such suit is the entry.
        back = mine0 + back_sum + (theirs0 - fin + back_fin - nback if entry_nb else 0)
        if back < mine0 + back_sum - back_min + 1 + theirs0 - fin - nback:
            # (An "Ax opposite Kx" suit the entry, the finesse does not count.)
            back = mine0 + back_sum - back_min + 1 + theirs0 - fin - nback
        if back > left:
            back = left
        if back > total and back > q:
            rel[0] = rl0 | rp0 | back_bits
            return back
    if total > q:
        rel[0] = rl
        return total
    return q


cdef int spares(State* st, int seat, int rounds) noexcept nogil:
    """Whether `seat` can play a card other than a trump in `rounds` tricks of its partner's.

    Only with neither `ruff` nor `head` (either may force a trump on a partner's
    winner), and with at least `rounds` cards outside trumps.
    """
    if st.trump < 0 or not (st.hands[seat] & suit_bits(st.trump)):
        return 1
    if st.cons & (C_RUFF | C_HEAD):
        return 0
    return pdd_popcount(st.hands[seat] & ~suit_bits(st.trump)) >= rounds


cdef int transfer_tricks(State* st, int partner, int q, int need, uint64_t* rel) noexcept nogil:
    """The better of `q` and the tricks the leader's side takes by leading to `partner`'s winner.

    With no trump held by the opponents: the leader leads a low card of a suit whose top card
    among the partner and the opponents is the partner's; the partner wins it,
    then cashes every card higher than all other hands' cards of its suit, the
    leader playing other cards than trumps to them (see spares).
    `rel` gets the partner's top card used and its winners if the count is better (not those of a suit no
    other hand holds: the suit lengths alone make them winners).

    With no trump, `follow` alone and two sides of partners (DDS's
    QuickTricksPartnerHandNT counts it): when the partner holds the suit's
    top and third cards and the seat right after the leader the second, the
    lead through that seat takes two tricks in the suit: if it plays the
    second card, the partner wins with the top one and its third card is then
    the highest left; if not, the partner wins with its third card (above
    every card but the top two) and then leads the top one. The partner keeps
    the lead, and its other winners count as before. `rel` gets the third
    card (so that every matching position has the top three where they are).
    Looked for only where no other transfer counts as much and the count
    reaches `need` (the tricks the question needs): it costs time.
    """
    cdef int lead = st.lead, suit, t, bonus = 0, w = 0, ptop
    cdef uint64_t ph = st.hands[partner], opp = st.side_hands[1 - st.maxside[lead]], mine, oth, wins = 0
    cdef uint64_t rest, best_bits = 0, ranked = 0
    cdef int tops = 0
    cdef uint64_t notp = (st.side_hands[0] | st.side_hands[1]) & ~ph
    for suit in range(4):
        mine = ph & suit_bits(suit)
        if not mine:
            continue
        oth = notp & suit_bits(suit)
        if oth:
            mine &= above(pdd_top(oth))
            ranked |= mine
        w += pdd_popcount(mine)
        wins |= mine
    if w + 1 <= q or w + 1 < need:
        # No transfer counts more than the partner's winners and the trick of the transfer (and a count
        # below `need` does not matter: see quick_tricks).
        return q
    for suit in range(4):
        if not (ph & suit_bits(suit)):
            continue
        ptop = pdd_top(ph & suit_bits(suit))
        if opp & above(ptop):
            continue
        if not (st.hands[lead] & suit_bits(suit) & ~above(ptop) & ~((<uint64_t>1) << ptop)):
            continue
        # Winning the transfer uses the partner's top card; it may be one of the counted winners.
        t = 1 + w - ((wins >> ptop) & 1)
        if t == w:
            tops |= 1 << suit
        if t > bonus:
            bonus = t
            best_bits = (<uint64_t>1) << ptop
    if tops and bonus == w and w + 1 >= need and st.trump < 0 and st.cons == C_FOLLOW and st.pairs:
        # The partner holds the top card of each suit of `tops`: the finesse of its third card against the second.
        for suit in range(4):
            if not (tops >> suit) & 1:
                continue
            rest = st.present & suit_bits(suit)
            rest &= ~((<uint64_t>1) << pdd_top(rest))
            if (st.hands[(lead + 1) & 3] >> pdd_top(rest)) & 1:
                rest &= ~((<uint64_t>1) << pdd_top(rest))
                if rest and (ph >> pdd_top(rest)) & 1:
                    bonus = w + 1
                    best_bits = (<uint64_t>1) << pdd_top(rest)
                    break
    if bonus > q and spares(st, lead, w):
        rel[0] = ranked | best_bits
        return bonus
    return q


cdef int ruffed_transfer(State* st, int need, uint64_t* rel) noexcept nogil:
    """Two sides of partners (State.pairs), `follow` alone, a trump suit: whether the leader's side takes `need`
    tricks through the partner (0 in any other game).

    The leader leads a card of a suit below the partner's top card there,
    which is above every opponent's card of the suit; it is the trump suit, or
    every opponent holding trumps holds the suit: nobody beats or trumps that
    card, so the partner wins the trick. Or the first trick is the partner's
    ruff of a side suit it is void in (see partner_ruff): with its lowest
    trump when every opponent holding trumps follows (that trump's rank then
    does not matter), else with its top trump, above the trumps of every
    opponent void in the suit (one of them may then discard a card of
    another suit: its length there counts one less). The partner then cashes its cards
    above every other hand's card of their suit, keeping the lead: all of its
    trump ones, and in a side suit as many rounds as each opponent holding
    trumps surely follows (its length there, one less in the suit of the first
    trick; following every round counted, it keeps its lengths in the other
    suits until each is led). The leader need not trump in the side suits'
    rounds (the first trick's among them) if it holds at least as many cards
    outside trumps (see spares). `rel` gets the partner's top card led to and the
    winners used (the top ones of their suits, the count stopping at `need`;
    none of a suit no other hand holds, whose cards the suit lengths alone make
    winners): every position that agrees on those (and the suit lengths)
    counts as many.
    With no trump among the opponents it counts as transfer_tricks does, but
    with only the winners the tricks need in `rel`.
    """
    cdef int lead = st.lead, partner = st.lead ^ 2, lho = (st.lead + 1) & 3, rho = (st.lead + 3) & 3
    cdef int suit, t, k, q, side_rounds, ptop, r, dl, dr
    cdef uint64_t tb, ph = st.hands[partner], opp, notp, sb, w, oth, out, used
    if not st.pairs or st.cons != C_FOLLOW or st.trump < 0:
        return 0
    tb = suit_bits(st.trump)
    opp = st.hands[lho] | st.hands[rho]
    notp = opp | st.hands[lead]
    for suit in range(4):
        sb = suit_bits(suit)
        dl = dr = 0
        if not (ph & sb):
            # The partner's ruff (see partner_ruff): with its lowest trump when no opponent can
            # overruff by the suit lengths, else with its top trump.
            if suit == st.trump or not (ph & tb) or not (st.hands[lead] & sb):
                continue
            dl = not (st.hands[lho] & sb) and (st.hands[lho] & tb) != 0
            dr = not (st.hands[rho] & sb) and (st.hands[rho] & tb) != 0
            if not (dl or dr):
                used = (ph & tb) & (~(ph & tb) + 1)
                out = 0
            else:
                ptop = pdd_top(ph & tb)
                if (dl and st.hands[lho] & above(ptop)) or (dr and st.hands[rho] & above(ptop)):
                    continue
                used = out = (<uint64_t>1) << ptop
        else:
            ptop = pdd_top(ph & sb)
            if (opp & above(ptop)) or not (st.hands[lead] & sb & (((<uint64_t>1) << ptop) - 1)):
                continue
            if suit != st.trump and (((st.hands[lho] & tb) and not (st.hands[lho] & sb))
                                     or ((st.hands[rho] & tb) and not (st.hands[rho] & sb))):
                continue
            used = out = (<uint64_t>1) << ptop
        q = 1
        side_rounds = suit != st.trump
        for k in range(5):
            # The trump suit first (no side round used), then the others.
            t = st.trump if k == 0 else k - 1
            if (k > 0 and t == st.trump) or q >= need:
                continue
            w = ph & suit_bits(t) & ~(out | used)
            oth = notp & suit_bits(t)
            if oth:
                w &= above(pdd_top(oth))
            if not w:
                continue
            r = pdd_popcount(w)
            if t != st.trump:
                # An opponent void in the first trick's suit may have discarded a card of `t` there.
                if st.hands[lho] & tb:
                    r = min(r, pdd_popcount(st.hands[lho] & suit_bits(t)) - (1 if t == suit else 0) - dl)
                if st.hands[rho] & tb:
                    r = min(r, pdd_popcount(st.hands[rho] & suit_bits(t)) - (1 if t == suit else 0) - dr)
            if r > need - q:
                r = need - q
            if r <= 0:
                continue
            if oth:
                out |= top_n(w, r)
            if t != st.trump:
                side_rounds += r
            q += r
        if q >= need and spares(st, lead, side_rounds):
            rel[0] = out
            return 1
    return 0


cdef int partner_ruff(State* st, uint64_t* rel) noexcept nogil:
    """Two sides of partners, `follow` alone, a trump suit: whether the leader's side surely takes this trick by the
    partner's ruff (0 in any other game; DDS's QuickTricks counts it).

    The leader leads a side suit the partner is void in, holding a trump; the
    partner trumps with its top trump. Each opponent follows to the suit, holds
    no trump, or holds only trumps below the partner's top one (a lower ruff
    before the partner's is overruffed, and none after it beats it). `rel`
    gets the partner's top trump when some opponent void in the suit holds a
    trump (its rank then matters).
    """
    cdef int lead = st.lead, partner = st.lead ^ 2, lho = (st.lead + 1) & 3, rho = (st.lead + 3) & 3, suit, top
    cdef uint64_t tb, sb, high
    if not st.pairs or st.cons != C_FOLLOW or st.trump < 0:
        return 0
    tb = suit_bits(st.trump)
    if not (st.hands[partner] & tb):
        return 0
    top = pdd_top(st.hands[partner] & tb)
    high = above(top) & tb
    for suit in range(4):
        sb = suit_bits(suit)
        if suit == st.trump or not (st.hands[lead] & sb) or (st.hands[partner] & sb):
            continue
        if (st.hands[lho] & sb or not (st.hands[lho] & high)) and (st.hands[rho] & sb or not (st.hands[rho] & high)):
            if (not (st.hands[lho] & sb) and st.hands[lho] & tb) or (not (st.hands[rho] & sb) and st.hands[rho] & tb):
                rel[0] |= (<uint64_t>1) << top
            return 1
    return 0


cdef int other_side_trumps(State* st) noexcept nogil:
    """Whether a seat of the other side than the leader's holds a trump (with a trump suit)."""
    return (st.side_hands[1 - st.maxside[st.lead]] & suit_bits(st.trump)) != 0


cdef int drawn_side_winners(State* st, int hh, uint64_t hs, int q, int need, int led, uint64_t* out) noexcept nogil:
    """`q` (the tricks so far, `need` the tricks wanted) and the side-suit winners of seat `hh`, winning the trick in
    progress (second hand, led in `led`, not trumps) and cashing its trumps `hs` above all others, when they draw the
    other side's trumps (see second_hand_tricks).

    Those trumps, at least as many as the first hand's left and the third's
    (which follows to the suit led or holds no trump), draw them; then
    the cards of `hh` above every other card of a suit other than the suit
    led each win. `out` gets those ranked below another card of the suit.
    """
    cdef int s, d
    cdef uint64_t sb, w, rest
    if q >= need:
        return q
    d = pdd_popcount(st.hands[seat_at(st, 2)] & suit_bits(st.trump))
    if pdd_popcount(st.hands[seat_at(st, 0)] & suit_bits(st.trump)) > d:
        d = pdd_popcount(st.hands[seat_at(st, 0)] & suit_bits(st.trump))
    if pdd_popcount(hs) < d:
        return q
    for s in range(4):
        sb = suit_bits(s)
        w = st.hands[hh] & sb
        if s == led or s == st.trump or not w or q >= need:
            continue
        rest = st.present & sb & ~w
        if rest:
            w &= above(pdd_top(rest))
            out[0] |= w
        q += pdd_popcount(w)
    return q


cdef inline int second_hand_tricks(State* st, int need, uint64_t* rel) noexcept nogil:
    """Two sides of partners, `follow` alone, the second hand to play: whether its side surely takes `need` tricks
    from this one on (DDS's QuickTricksSecondHand).

    The side takes this trick if the second hand or its partner (the fourth)
    holds a card of the suit led above the lead and every card of the third
    hand there, and, with trumps and another suit led, the third hand cannot
    trump (it follows or holds no trump); or if one of the two is void in the
    suit led, holds a trump, and the third hand follows or holds no trump
    (then no rank matters). With no trump the seat winning it (the one with the
    higher top card there) then leads and cashes: its next card of the suit
    when it held the two top cards left there, its cards of a suit nobody else
    holds, and one top card of each other suit. With trumps and a side suit
    led, the seat winning it cashes its trumps above every other trump and,
    when those draw the other side's, its side-suit winners (see
    drawn_side_winners); a ruff counts so for more than one trick when the
    ruffer's partner can play a card outside trumps to it (else it might
    overruff and take the lead), the ruff made with the lowest trump.
    `rel` gets the top cards counted (no trumps where the other hands hold
    none: the suit lengths alone make them winners).
    """
    cdef int seat = seat_at(st, 1), partner = seat ^ 2, third = seat_at(st, 2), lc, led, hh, s, q
    cdef uint64_t sb, ours, rest, hs, out, th
    lc = st.tcards[st.tno * MAX_SEATS]
    led = lc >> 4
    sb = suit_bits(led)
    ours = (st.hands[seat] | st.hands[partner]) & sb
    th = st.hands[third] & sb
    if ours and (<uint64_t>1) << pdd_top(ours) > (th | ((<uint64_t>1) << lc)):
        out = (<uint64_t>1) << pdd_top(ours)
        if st.trump >= 0:
            # The third hand must not trump: it follows, holds no trump, or trumps were led.
            if not (th or led == st.trump or not (st.hands[third] & suit_bits(st.trump))):
                return 0
            if need > 1:
                # A side suit led: the seat winning it then cashes its trumps above every other trump.
                if led == st.trump:
                    return 0
                hh = seat if (st.hands[seat] >> pdd_top(ours)) & 1 else partner
                hs = st.hands[hh] & suit_bits(st.trump)
                rest = st.present & suit_bits(st.trump) & ~hs
                if rest:
                    hs &= above(pdd_top(rest))
                    out |= hs
                if drawn_side_winners(st, hh, hs, 1 + pdd_popcount(hs), need, led, &out) < need:
                    return 0
            rel[0] = out
            return 1
        q = 1
        if need > 1:
            hh = seat if (st.hands[seat] >> pdd_top(ours)) & 1 else partner
            hs = st.hands[hh] & sb
            rest = (st.present & sb) & ~((<uint64_t>1) << lc)
            # The two top cards left in the suit led (the trick's card aside) both the winner's.
            if pdd_popcount(hs) >= 2 and pdd_top(hs) == pdd_top(rest):
                hs &= ~((<uint64_t>1) << pdd_top(hs))
                rest &= ~((<uint64_t>1) << pdd_top(rest))
                if pdd_top(hs) == pdd_top(rest):
                    q += 1
                    out |= (<uint64_t>1) << pdd_top(hs)
            for s in range(4):
                if q >= need:
                    break
                sb = suit_bits(s)
                if s == led or not (st.hands[hh] & sb):
                    continue
                if not (st.present & sb & ~st.hands[hh]):
                    q += pdd_popcount(st.hands[hh] & sb)
                elif pdd_top(st.present & sb) == pdd_top(st.hands[hh] & sb):
                    q += 1
                    out |= (<uint64_t>1) << pdd_top(st.present & sb)
            if q < need:
                return 0
        rel[0] = out
        return 1
    if st.trump < 0 or led == st.trump or (th == 0 and st.hands[third] & suit_bits(st.trump)):
        return 0
    # A ruff by the second hand or the fourth, void in the suit led, the third hand following or holding no trump.
    if need == 1:
        return ((not (st.hands[seat] & sb) and (st.hands[seat] & suit_bits(st.trump)) != 0)
                or (not (st.hands[partner] & sb) and (st.hands[partner] & suit_bits(st.trump)) != 0))
    for s in range(2):
        hh = seat if s == 0 else partner
        hs = st.hands[hh] & suit_bits(st.trump)
        # Its partner plays a card outside trumps to the trick (else it might overruff and lead).
        if (st.hands[hh] & sb) or not hs or not (st.hands[hh ^ 2] & ~suit_bits(st.trump)):
            continue
        # The ruff with its lowest trump, then its trumps above all others.
        rest = st.present & suit_bits(st.trump) & ~hs
        hs &= hs - 1
        out = 0
        if rest:
            hs &= above(pdd_top(rest))
            out = hs
        if drawn_side_winners(st, hh, hs, 1 + pdd_popcount(hs), need, led, &out) >= need:
            rel[0] = out
            return 1
    return 0


cdef int crossruff_tricks(State* st, int need, uint64_t* rel) noexcept nogil:
    """Two sides of partners, `follow` alone, a trump suit the other side holds none of (or the leader's top
    trumps draw them): tricks the leader's side surely takes by a crossruff, counted from the suit lengths
    alone, or with cashed winners when those fall short of `need` (0 in any other game, or with no trump in the
    side's hands: quick_tricks counts its winners).

    No opponent can trump, so every trick in which the leader's side plays a
    trump is its own: each of a hand's trumps lies in a trick of its own, and
    the side takes at least as many tricks as the hands' trumps fall in
    different tricks. The leader A holds a trumps and X cards of the side
    suits its partner B is void in; B holds b trumps and Y cards of the side
    suits A is void in. A leads one of its X cards and B ruffs: B wins (no
    opponent trumps) and leads one of its Y cards, which A ruffs and wins,
    and so on; whatever the opponents play, each such trick is the ruffer's,
    the lead stays with it, and the hands keep their voids. B ruffs cB =
    min(p, q + 1) times and A cA = min(q, cB), where p = min(X, b) and
    q = min(Y, a) (the crossruff stops when the hand on lead holds no card of
    the partner's voids or the partner no trump). The trumps then left, a - cA
    and b - cB, each fall in a later trick, so at least max(a - cA, b - cB)
    more tricks are the side's. The count, cA + cB + max(a - cA, b - cB), is
    at least max(a, b) (trump_tricks' count) and takes one trick more than it
    as soon as one ruff is possible. No rank is used: every position with the
    same suit lengths in each hand (and the same leader) counts as many, and
    `rel` is left alone.

    If that is short of `need`, A's cards of suits nobody else holds win when
    led first (B is void there: it discards its cards of suits A holds, which
    are neither trumps nor Y cards), as many as B has such cards and as A has
    X cards beyond the cB its partner ruffs (they are X cards too): again from
    the lengths alone. Else A may lead a card of a suit below B's top card
    there, which is above every card of the other side's in it: B wins (nobody
    trumps), and the crossruff starts from B (A ruffs first: cA = min(q, p +
    1), cB = min(p, cA)), one trick more; that card of B's goes to `rel`. Else
    A first cashes its cards above every other card of a side suit that B
    holds, as many rounds as B follows (B then plays that suit, so its voids,
    trumps and Y cards stay; A keeps the lead, and its X cards, of suits B is
    void in, stay too); so does B after its first ruff (cB > 0), in the suits
    A holds. `rel` then gets the winners counted, the top ones of their suits
    down to the count needed.

    If the other side holds trumps, at most d in each of its hands, and the
    d top trumps are the leader's, A leads them first: each wins (B follows
    with lower trumps), and the other side, following, then holds none; the
    count goes on with a - d and b - d trumps (if B held fewer than d, it
    discarded: none left to ruff, and no cashing counted, as its lengths
    moved). `rel` then gets those d trumps too.
    """
    cdef int lead = st.lead, partner = st.lead ^ 2, suit, a, b, x = 0, y = 0, p, q, ca, cb, count, w, k, h
    cdef int drawn = 0, cash = 1
    cdef uint64_t tb, sb, ha, hb, hh, ho, win, opp, out = 0
    if not st.pairs or st.cons != C_FOLLOW or st.trump < 0:
        return 0
    tb = suit_bits(st.trump)
    ha = st.hands[lead]
    hb = st.hands[partner]
    a = pdd_popcount(ha & tb)
    b = pdd_popcount(hb & tb)
    if a == 0 and b == 0:
        # No trump to ruff with: quick_tricks counts the winners.
        return 0
    opp = st.side_hands[1 - st.maxside[lead]] & tb
    if opp:
        # The other side's trumps drawn first by the leader's, the top ones of the suit.
        drawn = max(pdd_popcount(st.hands[lead ^ 1] & tb), pdd_popcount(st.hands[lead ^ 3] & tb))
        if pdd_popcount(ha & above(pdd_top(opp))) < drawn:
            return 0
        out = top_n(st.present & tb, drawn)
        if out & ~ha:
            return 0
        a -= drawn
        # A partner short of trumps discards: its lengths in the side suits may change.
        cash = b >= drawn
        b = max(0, b - drawn)
    for suit in range(4):
        if suit == st.trump:
            continue
        sb = suit_bits(suit)
        if not (hb & sb):
            x += pdd_popcount(ha & sb)
        if not (ha & sb):
            y += pdd_popcount(hb & sb)
    p = min(x, b)
    q = min(y, a)
    cb = min(p, q + 1)
    ca = min(q, cb)
    count = drawn + ca + cb + max(a - ca, b - cb)
    if count < need and cash and x > cb:
        # A's cards of suits nobody else holds, led first, B discarding its cards of suits A holds.
        w = 0
        k = 0
        for suit in range(4):
            sb = suit_bits(suit)
            if suit == st.trump:
                continue
            if ha & sb and not (st.present & sb & ~ha):
                w += pdd_popcount(ha & sb)
            if ha & sb:
                k += pdd_popcount(hb & sb)
        if count + min(w, x - cb, k) >= need:
            rel[0] = out
            return count + min(w, x - cb, k)
    if count >= need or not cash:
        if count >= need:
            rel[0] = out
        return count
    # The crossruff from B, after a lead to its top card of a suit (above the other side's there).
    w = min(q, p + 1)
    w = drawn + 1 + w + min(p, w) + max(a - w, b - min(p, w))
    if w >= need:
        opp = st.side_hands[1 - st.maxside[lead]]
        for suit in range(4):
            sb = suit_bits(suit)
            if suit == st.trump or not (hb & sb):
                continue
            k = pdd_top(hb & sb)
            if not (opp & sb & above(k)) and ha & sb & (((<uint64_t>1) << k) - 1):
                rel[0] = out | ((<uint64_t>1) << k)
                return w
    for h in range(2 if cb > 0 else 1):
        hh = ha if h == 0 else hb
        ho = hb if h == 0 else ha
        for suit in range(4):
            if suit == st.trump or count >= need:
                continue
            sb = suit_bits(suit)
            win = hh & sb
            if not win or not (ho & sb):
                continue
            if st.present & sb & ~win:
                win &= above(pdd_top(st.present & sb & ~win))
            w = min(pdd_popcount(win), pdd_popcount(ho & sb))
            k = min(w, need - count)
            if k <= 0:
                continue
            out |= top_n(win, k)
            count += k
    if count >= need:
        rel[0] = out
    return count
