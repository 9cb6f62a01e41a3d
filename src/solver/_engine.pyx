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

cdef extern from *:
    """
    #if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
    #pragma GCC target("popcnt")
    #endif
    static inline int pdd_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int pdd_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int pdd_top(unsigned long long x) { return 63 - __builtin_clzll(x); }
    static inline void pdd_prefetch(const void* p) { __builtin_prefetch(p); }
    #include <sched.h>
    /* A spin lock for a table that several threads search (held for one lookup or store). */
    static inline void pdd_lock(int* word) {
        int spins = 0;
        while (__atomic_exchange_n(word, 1, __ATOMIC_ACQUIRE)) {
            while (__atomic_load_n(word, __ATOMIC_RELAXED)) {
                if (++spins == 64) { sched_yield(); spins = 0; }
    #if defined(__x86_64__) || defined(__i386__)
                else { __builtin_ia32_pause(); }
    #endif
            }
        }
    }
    static inline void pdd_unlock(int* word) { __atomic_store_n(word, 0, __ATOMIC_RELEASE); }
    /* A flag another thread sets to stop a search. */
    static inline int pdd_read(const int* flag) { return __atomic_load_n(flag, __ATOMIC_RELAXED); }
    static inline void pdd_write(int* flag, int value) { __atomic_store_n(flag, value, __ATOMIC_RELAXED); }
    static const unsigned long long pdd_suit_masks[4] = {
        0xFFFFULL, 0xFFFF0000ULL, 0xFFFF00000000ULL, 0xFFFF000000000000ULL};
    #define PDD_SUIT_TOPS 0x8000800080008000ULL
    #define PDD_SEQ(k) ((1ULL << (3 * (k))) - 1)
    static const unsigned long long pdd_seq_masks[17] = {
        PDD_SEQ(0), PDD_SEQ(1), PDD_SEQ(2), PDD_SEQ(3), PDD_SEQ(4), PDD_SEQ(5), PDD_SEQ(6), PDD_SEQ(7), PDD_SEQ(8),
        PDD_SEQ(9), PDD_SEQ(10), PDD_SEQ(11), PDD_SEQ(12), PDD_SEQ(13), PDD_SEQ(14), PDD_SEQ(15), PDD_SEQ(16)};
    """
    const uint64_t* pdd_suit_masks
    # The top bit of every suit.
    const uint64_t SUIT_TOPS "PDD_SUIT_TOPS"
    const uint64_t* pdd_seq_masks
    void pdd_prefetch(const void* p) nogil
    void pdd_lock(int* word) nogil
    void pdd_unlock(int* word) nogil
    int pdd_read(const int* flag) nogil
    void pdd_write(int* flag, int value) nogil
    int pdd_ctz(uint64_t x) nogil
    int pdd_top(uint64_t x) nogil
    int pdd_popcount(uint64_t x) nogil

cdef enum:
    MAX_SEATS = 5
    MAX_PLIES = 64
    # Trick starts a search sees: up to 16 tricks (as tcards holds) and the end.
    TRICK_STARTS = 17
    HISTORY_CAP = 1 << 24
    PROBE_LIMIT = 32
    # Table slots in use at first (512 KB); the prefix in use doubles as it fills.
    SLOTS_START = 1 << 14
    # Slots in a 4 KB memory page.
    SLOTS_PAGE = 128
    KILLER_BONUS = 1000
    # Goals of the search.
    G_TRICKS = 0
    G_WIN = 1
    # Play constraint bits, the same values as rules.Constraint.
    C_FOLLOW = 1
    C_RUFF = 2
    C_HEAD = 4
    C_LW = 8

GOAL_TRICKS = G_TRICKS
GOAL_WIN = G_WIN


cdef struct Slot:
    # A shape: suit lengths of every hand, the leader, the context and (G_WIN) the tricks won.
    uint64_t shape0
    uint64_t shape1
    uint32_t epoch
    # The shape's entries: entries[first:first + count] of the pool, room for `room`.
    uint32_t first
    uint32_t count
    uint32_t room


cdef struct Entry:
    # Per suit: who holds each of the top k[suit] present cards, 3 bits a card, top card lowest.
    uint64_t pat[4]
    uint8_t k[4]
    int8_t lower
    int8_t upper


cdef struct Table:
    # Read by every lookup, written seldom (a new deal, a table grown or cleared):
    Slot* slots
    uint64_t nslots
    # The slots in use: slots[0:nactive], a power of two up to nslots.
    uint64_t nactive
    uint32_t epoch
    Entry* pool
    uint64_t npool
    # Whether several engines search the table at once: each lookup and store then holds `lock`.
    int shared
    # Written by every store, in cache lines of their own (when shared, another core owns them often).
    char apart[64]
    int lock
    uint64_t slots_used
    uint64_t pool_used
    char apart_too[64]
    # The hands of the position the table was last started for, the trick in progress included (see new_deal).
    uint64_t deal[MAX_SEATS]


cdef struct Undo:
    int card
    int seat
    int lead
    int ntrick
    int winpos
    int first2
    int winner
    int winpos_done
    uint64_t trickbits


cdef struct State:
    int n
    int trump
    int cons
    int lw_seat
    int decl_seat
    int goal
    int maxside[MAX_SEATS]
    int counted[MAX_SEATS]
    # Per seat: the one other seat of its maxside, -1 if none, -2 if several (set by load).
    int partner[MAX_SEATS]
    int qt_ok
    int counted_side
    uint64_t hands[MAX_SEATS]
    int lead
    int ntrick
    int winpos
    int tno
    int tcards[16 * MAX_SEATS]
    uint64_t trickbits
    # Every card in a hand or in the trick in progress (kept by play_card and unplay_card).
    uint64_t present
    # The cards in the hands of the seats of maxside 0 and of maxside 1 (kept like `present`).
    uint64_t side_hands[2]
    # Suit lengths of the hands as the table shape packs them: seats 0-3 in lens[0], seat 4 in lens[1]
    # (kept by play_card and unplay_card).
    uint64_t lens[2]
    # At the start of trick t, per suit: who holds each present card from the top, 3 bits a card
    # (make_probe's seq), in seqs[t]: load fills seqs[0], make_probe the later ones up to the
    # trick in progress from seqs[seqs_upto], the last one still valid (play_card lowers it).
    uint64_t seqs[TRICK_STARTS][4]
    int seqs_upto
    int won[MAX_SEATS]
    int first2
    int ply
    # Set (by another thread) to stop the search under way: it unwinds, storing nothing more.
    int stop
    Undo undo[MAX_PLIES]
    uint64_t nodes
    uint64_t trick_nodes
    # The lead that last refuted a trick start, by tricks left (DDS's bestMove), tried first.
    int killer[17]
    uint64_t ctx
    # The transposition table searched (the engine's own, or one shared with other engines), and the
    # engine's own table for positions of fewer than `share_from` tricks left (`tt` itself if none).
    Table* tt
    Table* near
    int share_from
    # Misère: per card, the leads of it that answered the question, weighted (see remember_lead).
    uint32_t history[64]


cdef inline uint64_t suit_bits(int suit) noexcept nogil:
    return pdd_suit_masks[suit]


cdef inline uint64_t above(int card) noexcept nogil:
    """The bits of the card's suit strictly above it."""
    return suit_bits(card >> 4) & ~(((<uint64_t>2) << card) - 1)


cdef inline uint64_t lowbit(uint64_t x) noexcept nogil:
    return x & (~x + 1)


cdef inline int card_beats(State* st, int card, int winner) noexcept nogil:
    if (card >> 4) == (winner >> 4):
        return card > winner
    return (card >> 4) == st.trump


cdef inline int seat_at(State* st, int pos) noexcept nogil:
    """The seat at position `pos` (0 to n - 1) of the trick in progress, without a division."""
    cdef int seat = st.lead + pos
    return seat - st.n if seat >= st.n else seat


cdef inline int to_move(State* st) noexcept nogil:
    return seat_at(st, st.ntrick)


cdef inline int current_winner(State* st) noexcept nogil:
    return st.tcards[st.tno * MAX_SEATS + st.winpos]


cdef uint64_t beaters(State* st, uint64_t allowed) noexcept nogil:
    """The cards of `allowed` that would take the trick from its current winner."""
    cdef int w = current_winner(st)
    cdef uint64_t out = allowed & above(w)
    if st.trump >= 0 and (w >> 4) != st.trump:
        out |= allowed & suit_bits(st.trump)
    return out


cdef uint64_t legal_moves(State* st) noexcept nogil:
    """The cards the player to move may play, under the constraints of RULES.md section 2."""
    cdef int seat = to_move(st)
    cdef uint64_t hand = st.hands[seat]
    cdef uint64_t allowed = hand, led, b, plain
    if st.ntrick == 0:
        return hand
    led = hand & suit_bits(st.tcards[st.tno * MAX_SEATS] >> 4)
    if led:
        if st.cons & C_FOLLOW:
            allowed = led
    elif (st.cons & C_RUFF) and st.trump >= 0 and (hand & suit_bits(st.trump)):
        allowed = hand & suit_bits(st.trump)
    if st.cons & (C_HEAD | C_LW):
        b = beaters(st, allowed)
        if (st.cons & C_HEAD) and b:
            allowed = b
        if ((st.cons & C_LW) and seat == st.lw_seat and st.lead == st.decl_seat
                and pdd_popcount(b) > 1):
            plain = b & ~suit_bits(st.trump) if st.trump >= 0 else b
            allowed = lowbit(plain) if plain else lowbit(b)
    return allowed


cdef inline uint64_t present_cards(State* st) noexcept nogil:
    return st.present


cdef uint64_t representatives(State* st, uint64_t allowed) noexcept nogil:
    """One card of each run of `allowed` cards with no other present card between them.

    Such cards are interchangeable: every rule compares cards only with the
    cards still present, so swapping two of them changes nothing. The highest
    card of each run stands for it.

    Every suit at once, without a loop over the cards: each allowed card is
    spread down through the absent cards below it (a fill in steps of 1, 2, 4
    and 8 bits that stops at a present card and at the top bit of a suit, so
    it never crosses into the suit below); a card that the spread reaches from
    just above it has an allowed card next above it, and is not the highest
    of its run.
    """
    cdef uint64_t gen = allowed, through = ~present_cards(st) & ~SUIT_TOPS
    gen |= through & (gen >> 1)
    through &= through >> 1
    gen |= through & (gen >> 2)
    through &= through >> 2
    gen |= through & (gen >> 4)
    through &= through >> 4
    gen |= through & (gen >> 8)
    return allowed & ~((gen >> 1) & ~SUIT_TOPS)


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
    suit (a holder must follow above), then low cards that the other side can
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
            return 300 - (card & 15)
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


cdef inline void play_card(State* st, int card) noexcept nogil:
    cdef Undo* u = &st.undo[st.ply]
    cdef int seat = to_move(st), w
    cdef uint64_t bit = (<uint64_t>1) << card
    u.card = card
    u.seat = seat
    u.ntrick = st.ntrick
    u.winpos = st.winpos
    u.winner = -1
    st.hands[seat] ^= bit
    st.side_hands[st.maxside[seat]] ^= bit
    st.lens[seat >> 2] -= len_unit(seat, card >> 4)
    st.tcards[st.tno * MAX_SEATS + st.ntrick] = card
    st.trickbits |= bit
    if st.ntrick == 0:
        st.winpos = 0
    elif card_beats(st, card, current_winner(st)):
        st.winpos = st.ntrick
    st.ntrick += 1
    if st.ntrick == st.n:
        w = seat_at(st, st.winpos)
        # The lead and first2 change only as a trick completes.
        u.lead = st.lead
        u.first2 = st.first2
        u.winner = w
        u.winpos_done = st.winpos
        u.trickbits = st.trickbits
        st.won[w] += 1
        if st.won[w] == 2 and st.first2 < 0:
            st.first2 = w
        st.lead = w
        st.ntrick = 0
        if st.seqs_upto > st.tno:
            st.seqs_upto = st.tno
        st.present &= ~st.trickbits
        st.trickbits = 0
        st.tno += 1
    st.ply += 1


cdef inline void unplay_card(State* st) noexcept nogil:
    st.ply -= 1
    cdef Undo* u = &st.undo[st.ply]
    cdef uint64_t bit = (<uint64_t>1) << u.card
    if u.winner >= 0:
        st.won[u.winner] -= 1
        st.trickbits = u.trickbits
        st.present |= u.trickbits
        st.tno -= 1
        st.first2 = u.first2
        st.lead = u.lead
    st.trickbits ^= bit
    st.ntrick = u.ntrick
    st.winpos = u.winpos
    st.hands[u.seat] |= bit
    st.side_hands[st.maxside[u.seat]] |= bit
    st.lens[u.seat >> 2] += len_unit(u.seat, u.card >> 4)


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


cdef inline uint64_t len_unit(int seat, int suit) noexcept nogil:
    """One card of `suit` in the hand of `seat`, as State.lens counts."""
    return (<uint64_t>1) << (16 * (seat & 3) + 4 * suit)


cdef uint64_t owner_seq(State* st, int suit) noexcept nogil:
    """Who holds each present card of `suit`, top down, 3 bits a card (seat 0 writes zeros)."""
    cdef uint64_t rest = st.present & suit_bits(suit), sq = 0, h
    cdef int o, c
    for o in range(1, st.n):
        h = st.hands[o] & rest
        while h:
            c = pdd_ctz(h)
            h &= h - 1
            sq |= (<uint64_t>o) << (3 * pdd_popcount(rest & above(c)))
    return sq


cdef uint64_t trick_cards(State* st, int t) noexcept nogil:
    """The cards of the completed trick `t`."""
    cdef uint64_t out = 0
    cdef int i
    for i in range(st.n):
        out |= (<uint64_t>1) << st.tcards[t * MAX_SEATS + i]
    return out


cdef void drop_trick(State* st, int t, uint64_t cards, uint64_t present) noexcept nogil:
    """seqs[t + 1] from seqs[t]: without the `cards` of trick `t` (`present` at its start).

    The cards go lowest first, so that the cards above each one (its place from the top) are still present.
    """
    cdef uint64_t* seq = st.seqs[t + 1]
    cdef uint64_t low
    cdef int c, s
    memcpy(seq, st.seqs[t], 4 * sizeof(uint64_t))
    while cards:
        c = pdd_ctz(cards)
        cards &= cards - 1
        s = c >> 4
        low = seq_mask(pdd_popcount(present & above(c)))
        seq[s] = (seq[s] & low) | ((seq[s] >> 3) & ~low)


cdef inline void catch_up_seqs(State* st) noexcept nogil:
    """Make seqs[t] for every trick start t after seqs_upto up to this one (at a trick start)."""
    cdef uint64_t later = 0, cards
    cdef int t
    if st.seqs_upto == st.tno - 1 and st.ply > 0:
        # The last card played completed the trick before this one.
        cards = st.undo[st.ply - 1].trickbits
        drop_trick(st, st.tno - 1, cards, st.present | cards)
    else:
        for t in range(st.seqs_upto, st.tno):
            later |= trick_cards(st, t)
        for t in range(st.seqs_upto, st.tno):
            cards = trick_cards(st, t)
            drop_trick(st, t, cards, st.present | later)
            later &= ~cards
    st.seqs_upto = st.tno


cdef struct Probe:
    uint64_t shape0
    uint64_t shape1
    uint64_t seq[4]
    uint64_t present
    uint64_t hash


cdef inline uint64_t shape_hash(uint64_t shape0, uint64_t shape1) noexcept nogil:
    cdef uint64_t h = (shape0 ^ (shape1 * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL
    h ^= h >> 31
    h *= 0x94D049BB133111EBULL
    h ^= h >> 29
    return h


cdef inline Table* table_for(State* st, int left) noexcept nogil:
    """The table that keeps positions of `left` tricks left: the shared one, or for small ones the engine's own."""
    return st.near if left < st.share_from else st.tt


cdef inline void make_probe(State* st, Probe* pr) noexcept nogil:
    """The shape of the position at a trick start, and who holds each present card, top down."""
    cdef uint64_t present = present_cards(st)
    cdef uint64_t h
    cdef int seat
    pr.present = present
    pr.shape0 = st.lens[0]
    pr.shape1 = (st.ctx << 48) | st.lens[1]
    pr.shape1 |= (<uint64_t>st.lead) << 16
    if st.goal == G_WIN:
        for seat in range(st.n):
            pr.shape1 |= (<uint64_t>st.won[seat]) << (20 + 3 * seat)
        pr.shape1 |= (<uint64_t>(st.first2 + 1)) << 40
    h = shape_hash(pr.shape0, pr.shape1)
    pr.hash = h
    # The table slot is fetched while the card owners are read.
    cdef Table* tt = table_for(st, pdd_popcount(st.hands[st.lead]))
    pdd_prefetch(tt.slots + (h & (tt.nactive - 1)))
    if st.seqs_upto < st.tno:
        catch_up_seqs(st)
    memcpy(pr.seq, st.seqs[st.tno], sizeof(pr.seq))


cdef inline uint64_t seq_mask(int k) noexcept nogil:
    return pdd_seq_masks[k]


cdef uint64_t top_cards(uint64_t present, uint8_t* k) noexcept nogil:
    """The top k[suit] present cards of every suit."""
    cdef uint64_t out = 0, rest, bit
    cdef int suit, i, low
    for suit in range(4):
        if not k[suit]:
            continue
        rest = present & suit_bits(suit)
        low = pdd_popcount(rest) - k[suit]
        if low < k[suit]:
            # Fewer cards below: drop those.
            for i in range(low):
                rest &= rest - 1
            out |= rest
        else:
            for i in range(k[suit]):
                bit = (<uint64_t>1) << pdd_top(rest)
                out |= bit
                rest ^= bit
    return out


cdef void tt_clear(Table* tt) noexcept nogil:
    """Forget every entry (slots of an older epoch count as empty)."""
    tt.epoch += 1
    tt.slots_used = 0
    tt.pool_used = 0


cdef Slot* find_slot(Table* tt, Probe* pr, int claim) noexcept nogil:
    """The table slot of the probe's shape; with `claim`, an empty one is taken for it.

    Open addressing with linear probing in the slots in use; NULL if the shape is
    absent (or, when claiming, if they are too full: the caller then grows or clears the table).
    """
    cdef uint64_t mask = tt.nactive - 1, i = pr.hash & mask
    cdef int step
    cdef Slot* sl
    for step in range(PROBE_LIMIT):
        sl = tt.slots + i
        if sl.epoch != tt.epoch:
            if not claim or tt.slots_used * 4 > tt.nactive * 3:
                return NULL
            sl.epoch = tt.epoch
            sl.shape0 = pr.shape0
            sl.shape1 = pr.shape1
            sl.first = 0
            sl.count = 0
            sl.room = 0
            tt.slots_used += 1
            return sl
        if sl.shape0 == pr.shape0 and sl.shape1 == pr.shape1:
            return sl
        i = (i + 1) & mask
    return NULL


cdef void touch_slots(Table* tt, uint64_t start, uint64_t count) noexcept nogil:
    """Write to every memory page of slots[start:start + count], so that the kernel maps each page once.

    A page first read (a lookup) gets the shared zero page and faults again on the
    first write; the epoch written (0) marks the slot empty, as any old epoch does.
    """
    cdef uint64_t i = start
    while i < start + count:
        tt.slots[i].epoch = 0
        i += SLOTS_PAGE


cdef int tt_grow(Table* tt) noexcept nogil:
    """Double the slots in use, every shape moved to its slot in the larger prefix; 0 if all are in use.

    In place: the shapes are taken in slot order and put with linear probing at
    a new epoch, over empty slots or slots of the new epoch; one that meets a
    slot still to move takes it and moves that shape next. The shapes keep their
    entries in the pool.
    """
    cdef uint64_t n = tt.nactive, i, j, mask = 2 * n - 1
    cdef uint32_t old = tt.epoch, new = tt.epoch + 1
    cdef Slot moving, other
    if 2 * n > tt.nslots:
        return 0
    touch_slots(tt, n, n)
    for i in range(n):
        if tt.slots[i].epoch != old:
            continue
        moving = tt.slots[i]
        tt.slots[i].epoch = 0
        while True:
            j = shape_hash(moving.shape0, moving.shape1) & mask
            while tt.slots[j].epoch == new:
                j = (j + 1) & mask
            other = tt.slots[j]
            tt.slots[j] = moving
            tt.slots[j].epoch = new
            if other.epoch != old:
                break
            moving = other
    tt.epoch = new
    tt.nactive = 2 * n
    return 1


cdef inline int entry_matches(Entry* e, Probe* pr) noexcept nogil:
    return ((pr.seq[0] & seq_mask(e.k[0])) == e.pat[0] and (pr.seq[1] & seq_mask(e.k[1])) == e.pat[1]
            and (pr.seq[2] & seq_mask(e.k[2])) == e.pat[2]
            and (pr.seq[3] & seq_mask(e.k[3])) == e.pat[3])


cdef inline int find_entry(Table* tt, Probe* pr, int target, uint64_t* rel) noexcept nogil:
    """1 or 0 if an entry matching the position decides the question, else -1."""
    cdef Slot* sl = find_slot(tt, pr, 0)
    cdef Entry* e
    cdef Entry* start
    if sl == NULL:
        return -1
    start = tt.pool + sl.first
    e = start + sl.count
    while e != start:
        e -= 1
        if (e.lower >= target or e.upper < target) and entry_matches(e, pr):
            rel[0] = top_cards(pr.present, e.k)
            return 1 if e.lower >= target else 0
    return -1


cdef int tt_lookup(Table* tt, Probe* pr, int target, uint64_t* rel) noexcept nogil:
    """1 or 0 if an entry matching the position decides the question, else -1 (under the lock if shared)."""
    cdef int result
    if not tt.shared:
        return find_entry(tt, pr, target, rel)
    pdd_lock(&tt.lock)
    result = find_entry(tt, pr, target, rel)
    pdd_unlock(&tt.lock)
    return result


cdef inline void store_entry(State* st, Table* tt, Probe* pr, int target, int result, uint64_t rel,
                             int depth) noexcept nogil:
    """Record a bound for every position that agrees with this one on the cards in `rel`.

    The entry keeps, per suit, who holds each present card from the top down to
    the lowest card of `rel`; lower cards are known only by their count in each hand.
    A shape's entries lie together in the pool; a full shape moves to twice the room
    at the pool's end, and a full pool is cleared.
    """
    cdef uint8_t k[4]
    cdef uint64_t pat[4], ps, rs
    cdef int suit
    cdef uint32_t i, room
    cdef Entry* e = NULL
    cdef Entry* start
    cdef Slot* sl
    for suit in range(4):
        rs = rel & suit_bits(suit)
        ps = pr.present & suit_bits(suit)
        if st.cons & (C_HEAD | C_LW):
            k[suit] = pdd_popcount(ps)
        elif rs:
            k[suit] = pdd_popcount(ps & ~(lowbit(rs) - 1))
        else:
            k[suit] = 0
        pat[suit] = pr.seq[suit] & seq_mask(k[suit])
    sl = find_slot(tt, pr, 1)
    while sl == NULL:
        if not tt_grow(tt):
            tt_clear(tt)
        sl = find_slot(tt, pr, 1)
    start = tt.pool + sl.first
    for i in range(sl.count):
        e = start + i
        if (e.k[0] == k[0] and e.k[1] == k[1] and e.k[2] == k[2] and e.k[3] == k[3]
                and e.pat[0] == pat[0] and e.pat[1] == pat[1] and e.pat[2] == pat[2]
                and e.pat[3] == pat[3]):
            break
    else:
        if sl.count == sl.room:
            room = 4 if sl.room == 0 else 2 * sl.room
            if tt.pool_used + room > tt.npool:
                tt_clear(tt)
                sl = find_slot(tt, pr, 1)
                room = 4
            memcpy(tt.pool + tt.pool_used, tt.pool + sl.first, sl.count * sizeof(Entry))
            sl.first = <uint32_t>tt.pool_used
            sl.room = room
            tt.pool_used += room
        e = tt.pool + sl.first + sl.count
        sl.count += 1
        for suit in range(4):
            e.k[suit] = k[suit]
            e.pat[suit] = pat[suit]
        e.lower = 0
        e.upper = depth if st.goal == G_TRICKS else 1
    if result:
        if e.lower < target:
            e.lower = target
    elif e.upper > target - 1:
        e.upper = target - 1


cdef void tt_store(State* st, Table* tt, Probe* pr, int target, int result, uint64_t rel,
                   int depth) noexcept nogil:
    """Record a bound (see store_entry), under the lock if the table is shared."""
    if not tt.shared:
        store_entry(st, tt, pr, target, result, rel, depth)
        return
    pdd_lock(&tt.lock)
    store_entry(st, tt, pr, target, result, rel, depth)
    pdd_unlock(&tt.lock)


cdef int quick_tricks(State* st, uint64_t* rel) noexcept nogil:
    """Tricks the leader can surely cash from its own hand, whatever the others do.

    A card of the leader higher than every other present card of its suit wins
    when led unless somebody trumps it. Nobody can trump in no trump, in the
    trump suit, or when no other seat need trump them (an opponent holds no
    trump, a partner can play other cards: see spares): those winners are summed
    (they stay winners whatever is played meanwhile). In a side suit that
    another seat could trump, a seat holding trumps is kept from trumping only
    by `follow` while it still holds the suit; one such suit, cashed first,
    adds as many rounds as every trump-holding seat can surely follow.

    `rel` gets the cards whose ranks the count used: in each suit with
    winners, the leader's winners and the highest other card.
    """
    cdef int lead = st.lead, s, suit, w, r, q = 0, side_best = 0, ln, cashed = 0
    cdef uint64_t hand = st.hands[lead], others = st.present & ~hand, mine, oth, tb = 0
    cdef int ruffers = 0, enemy_trumps = 0
    if st.trump >= 0:
        tb = suit_bits(st.trump)
        for suit in range(4):
            mine = hand & suit_bits(suit)
            oth = others & suit_bits(suit)
            if suit != st.trump and mine:
                cashed += pdd_popcount(mine & above(pdd_top(oth))) if oth else pdd_popcount(mine)
        for s in range(st.n):
            if s != lead and (st.hands[s] & tb):
                if st.maxside[s] != st.maxside[lead]:
                    ruffers = enemy_trumps = 1
                elif not spares(st, s, cashed):
                    ruffers = 1
    for suit in range(4):
        mine = hand & suit_bits(suit)
        if not mine:
            continue
        oth = others & suit_bits(suit)
        if oth:
            w = pdd_popcount(mine & above(pdd_top(oth)))
        else:
            w = pdd_popcount(mine)
        if w == 0:
            continue
        if oth:
            rel[0] |= mine & above(pdd_top(oth))
        if st.trump < 0 or suit == st.trump or not ruffers:
            q += w
        elif st.cons & C_FOLLOW:
            r = w
            for s in range(st.n):
                if s != lead and (st.hands[s] & tb):
                    ln = pdd_popcount(st.hands[s] & suit_bits(suit))
                    if ln < r:
                        r = ln
            if r > side_best:
                side_best = r
    q += side_best
    ln = st.partner[lead]
    # Only to a side's one partner: a third seat of the side could take the transfer
    # (a higher card, or a trump that `ruff` forces) and lead away from the partner's winners.
    if not (st.cons & C_LW) and not enemy_trumps and ln >= 0:
        q = transfer_tricks(st, ln, q, rel)
    if st.cons == C_FOLLOW and st.trump < 0 and ln != -2:
        q = cashed_tricks(st, ln, q, rel)
    return q


cdef uint64_t top_n(uint64_t bits, int n) noexcept nogil:
    """The `n` highest cards of `bits` (all of them if fewer)."""
    cdef uint64_t out = 0, bit
    while bits and n > 0:
        bit = (<uint64_t>1) << pdd_top(bits)
        out |= bit
        bits ^= bit
        n -= 1
    return out


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
    down by the tricks counted.
    """
    cdef uint64_t sb = suit_bits(suit), winners
    cdef int longest, w
    winners = suit_winners(st, holder, suit, &longest)
    w = pdd_popcount(winners)
    if need[0] <= w:
        winners = top_n(winners, need[0])
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
    least as many. Only where cashed_tricks counts (`follow` alone, no trump).
    """
    cdef int lead = st.lead, partner = st.partner[lead], suit, top, left = pdd_popcount(st.hands[lead])
    cdef uint64_t out = 0, present = present_cards(st), sb, entry = 0
    if st.cons != C_FOLLOW or st.trump >= 0 or need > left or partner == -2:
        return 0
    for suit in range(4):
        sb = suit_bits(suit)
        if need > 0 and (st.hands[lead] & sb) and (st.hands[lead] >> pdd_top(present & sb)) & 1:
            out |= cashed_suit(st, lead, suit, partner, &need)
    if need > 0 and partner >= 0:
        for suit in range(4):
            sb = suit_bits(suit)
            if present & sb:
                top = pdd_top(present & sb)
                if (st.hands[partner] >> top) & 1 and st.hands[lead] & sb:
                    entry = (<uint64_t>1) << top
        if entry:
            # The entry's top card, so that every position the answer stands for has it.
            out |= entry
            for suit in range(4):
                sb = suit_bits(suit)
                if need > 0 and (st.hands[partner] & sb) and (st.hands[partner] >> pdd_top(present & sb)) & 1:
                    out |= cashed_suit(st, partner, suit, -1, &need)
    if need > 0:
        return 0
    rel[0] = out
    return 1


cdef int cashed_tricks(State* st, int partner, int q, uint64_t* rel) noexcept nogil:
    """The better of `q` and the tricks the leader's side cashes: the leader's suits, then the partner's.

    With `follow` alone and no trump held by the other side (so nobody can
    take a trick but with the top card of its suit), for at most one `partner`
    (-1: none). In a suit whose top card the leader holds, it leads its cards
    above every other card of the suit, keeping the lead; if those are at least
    as many as the cards of every other hand there, the others are then void and
    all of its cards win. The partner's suits count the same way after the
    leader leads a card of one of them to the partner's top card (its cards
    there stay untouched meanwhile: the leader leads only its own suits, and
    the partner keeps the counted cards as long as it has others to play). The
    total is at most the tricks left. `rel` gets the counted top cards.
    """
    cdef int lead = st.lead, suit, holder, w, longest, cash, mine = 0, theirs = 0, entry = 0
    cdef uint64_t sb, top_bit, winners, rl = 0, rp = 0
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
        cash = pdd_popcount(st.hands[holder] & sb) if w >= longest else w
        if cash == w and holder == lead and partner >= 0:
            cash = split_tricks(st, partner, suit, &winners)
        if holder == lead:
            mine += cash
            rl |= winners
        else:
            theirs += cash
            rp |= winners
            if st.hands[lead] & sb:
                entry = 1
    if entry:
        mine += theirs
        rl |= rp
    if mine > pdd_popcount(st.hands[lead]):
        mine = pdd_popcount(st.hands[lead])
    if mine > q:
        rel[0] = rl
        return mine
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


cdef int transfer_tricks(State* st, int partner, int q, uint64_t* rel) noexcept nogil:
    """The better of `q` and the tricks the leader's side takes by leading to `partner`'s winner.

    With no trump held by the opponents: the leader leads a low card of a suit whose top card
    among the partner and the opponents is the partner's; the partner wins it,
    then cashes every card higher than all other hands' cards of its suit, the
    leader playing other cards than trumps to them (see spares).
    `rel` gets the partner's top card used and its winners if the count is better.
    """
    cdef int lead = st.lead, suit, t, best = -1, bonus = 0, w = 0, ptop
    cdef uint64_t ph = st.hands[partner], opp = st.side_hands[1 - st.maxside[lead]], mine, oth, wins = 0
    cdef uint64_t notp = (st.side_hands[0] | st.side_hands[1]) & ~ph
    for suit in range(4):
        mine = ph & suit_bits(suit)
        if not mine:
            continue
        oth = notp & suit_bits(suit)
        if oth:
            mine &= above(pdd_top(oth))
        w += pdd_popcount(mine)
        wins |= mine
    if w + 1 <= q:
        # No transfer counts more than the partner's winners and the trick of the transfer.
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
        if t > bonus:
            bonus = t
            best = ptop
    if bonus > q and spares(st, lead, w):
        rel[0] = wins | ((<uint64_t>1) << best)
        return bonus
    return q


cdef inline int partnerships(State* st) noexcept nogil:
    """Whether four seats play as two sides of partners sitting opposite (Priffe), as the transfer cut-offs assume."""
    return (st.n == 4 and st.maxside[0] == st.maxside[2] and st.maxside[1] == st.maxside[3]
            and st.maxside[0] != st.maxside[1])


cdef int ruffed_transfer(State* st, int need, uint64_t* rel) noexcept nogil:
    """Two sides of partners (see partnerships), `follow` alone, a trump suit: whether the leader's side takes `need`
    tricks through the partner (0 in any other game).

    The leader leads a card of a suit below the partner's top card there,
    which is above every opponent's card of the suit; it is the trump suit, or
    every opponent holding trumps holds the suit: nobody beats or trumps that
    card, so the partner wins the trick. The partner then cashes its cards
    above every other hand's card of their suit, keeping the lead: all of its
    trump ones, and in a side suit as many rounds as each opponent holding
    trumps surely follows (its length there, one less in the suit of the first
    trick; following every round counted, it keeps its lengths in the other
    suits until each is led). The leader need not trump in the side suits'
    rounds (the first trick's among them) if it holds at least as many cards
    outside trumps (see spares). `rel` gets the partner's top card led to and the
    winners used (the top ones of their suits, the count stopping at `need`):
    every position that agrees on those (and the suit lengths) counts as many.
    With no trump among the opponents it counts as transfer_tricks does, but
    with only the winners the tricks need in `rel`.
    """
    cdef int lead = st.lead, partner = st.lead ^ 2, lho = (st.lead + 1) & 3, rho = (st.lead + 3) & 3
    cdef int suit, t, k, q, side_rounds, ptop, r
    cdef uint64_t tb, ph = st.hands[partner], opp, notp, sb, w, oth, out
    if not partnerships(st) or st.cons != C_FOLLOW or st.trump < 0:
        return 0
    tb = suit_bits(st.trump)
    opp = st.hands[lho] | st.hands[rho]
    notp = opp | st.hands[lead]
    for suit in range(4):
        sb = suit_bits(suit)
        if not (ph & sb):
            continue
        ptop = pdd_top(ph & sb)
        if (opp & above(ptop)) or not (st.hands[lead] & sb & (((<uint64_t>1) << ptop) - 1)):
            continue
        if suit != st.trump and (((st.hands[lho] & tb) and not (st.hands[lho] & sb))
                                 or ((st.hands[rho] & tb) and not (st.hands[rho] & sb))):
            continue
        q = 1
        side_rounds = suit != st.trump
        out = (<uint64_t>1) << ptop
        for k in range(5):
            # The trump suit first (no side round used), then the others.
            t = st.trump if k == 0 else k - 1
            if (k > 0 and t == st.trump) or q >= need:
                continue
            w = ph & suit_bits(t) & ~out
            oth = notp & suit_bits(t)
            if oth:
                w &= above(pdd_top(oth))
            if not w:
                continue
            r = pdd_popcount(w)
            if t != st.trump:
                if st.hands[lho] & tb:
                    r = min(r, pdd_popcount(st.hands[lho] & suit_bits(t)) - (1 if t == suit else 0))
                if st.hands[rho] & tb:
                    r = min(r, pdd_popcount(st.hands[rho] & suit_bits(t)) - (1 if t == suit else 0))
            if r > need - q:
                r = need - q
            if r <= 0:
                continue
            out |= top_n(w, r)
            if t != st.trump:
                side_rounds += r
            q += r
        if q >= need and spares(st, lead, side_rounds):
            rel[0] = out
            return 1
    return 0


cdef int other_side_trumps(State* st) noexcept nogil:
    """Whether a seat of the other side than the leader's holds a trump (with a trump suit)."""
    return (st.side_hands[1 - st.maxside[st.lead]] & suit_bits(st.trump)) != 0


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


cdef inline uint64_t holds_suit(uint64_t cards) noexcept nogil:
    """The top bit of every suit in which `cards` holds a card."""
    return (cards | ((cards & ~SUIT_TOPS) + (~SUIT_TOPS))) & SUIT_TOPS


cdef inline uint64_t under_lowest(uint64_t cards) noexcept nogil:
    """In every suit, the bits under the lowest card of `cards` (under bit 15 in a suit `cards` does not hold).

    Every suit at once: a top bit set in every suit keeps each suit's subtraction of 1 inside it.
    """
    cdef uint64_t held = cards | SUIT_TOPS
    return (held - 0x0001000100010001ULL) & ~held


cdef inline int below_in_shared_suits(uint64_t mine, uint64_t theirs) noexcept nogil:
    """Whether in every suit that `mine` and `theirs` both hold, `theirs` holds a card below every card of `mine`.

    takes_all needs it (a card of the other side under the side's lowest, for
    its count of such cards, or every card of the other side under it), and
    it mostly fails there, so it is tested first: every suit at once, with no loop.
    """
    return not (holds_suit(mine) & holds_suit(theirs) & ~holds_suit(theirs & under_lowest(mine)))


cdef inline int takes_all(State* st, int side, uint64_t mine, uint64_t theirs, uint64_t* rel) noexcept nogil:
    """Whether the seats with maxside `side` surely take every trick left, from this trick start.

    For a side the others push tricks onto (misère: the MAX seats want the
    MIN seats to take tricks, and the MIN seats want the MAX seats to). So it
    is if the other side holds no trump and in every suit that both sides
    hold, each seat of the other side holds a card below every card of `side`
    there for each card `side` holds (or all its cards, if fewer): a trick of
    the suit takes at least one card of `side`, so the seat, playing its lowest
    card of the suit led and discarding the top card of a suit, never beats a
    card of `side`; so `side` keeps the lead, and a leader of the other side
    first needs a suit that `side` holds, which with `follow` `side` must play
    above. With `head` or `lowest_winner`, which may force a seat above, every
    card of the other side must be below every card of `side`. `rel` gets, in
    each suit compared, the lowest card of `side` (with the suit lengths, that
    fixes the comparison: every lower card is the other side's). `mine` and
    `theirs` are the cards of `side` and of the other side.
    """
    cdef uint64_t a, b, used = 0, h, under
    cdef int seat, suit, exit_suit = 0
    cdef int strict = st.cons & (C_HEAD | C_LW)
    if st.trump >= 0 and (theirs & suit_bits(st.trump)):
        return 0
    if not below_in_shared_suits(mine, theirs):
        return 0
    for suit in range(4):
        a = mine & suit_bits(suit)
        b = theirs & suit_bits(suit)
        if a and b:
            # The cards of the suit below the side's lowest one (all the other side's).
            under = lowbit(a) - 1
            if b & ~under:
                if strict:
                    return 0
                # A seat with a card above needs as many cards under as the side holds.
                for seat in range(st.n):
                    h = st.hands[seat] & b
                    if (st.maxside[seat] != side and (h & ~under)
                            and pdd_popcount(h & under) < pdd_popcount(a)):
                        return 0
            used |= lowbit(a)
            if st.hands[st.lead] & b:
                exit_suit = 1
    if st.maxside[st.lead] != side and not (exit_suit and (st.cons & C_FOLLOW)):
        return 0
    rel[0] |= used
    return 1


cdef int highest_low(State* st, int side, int suit) noexcept nogil:
    """The card the other side of `side` surely keeps under a trick of `suit` (-1: none).

    That side wants `side` to win the trick, so each of its seats plays its
    lowest card of the suit: the highest of those. With `head` or
    `lowest_winner` a seat may have to play above, so then its highest card.
    """
    cdef int seat, best = -1, c
    cdef uint64_t h
    for seat in range(st.n):
        if st.maxside[seat] != side:
            h = st.hands[seat] & suit_bits(suit)
            if h:
                c = pdd_top(h) if st.cons & (C_HEAD | C_LW) else pdd_ctz(h)
                if c > best:
                    best = c
    return best


cdef int takes_trick(State* st, int side, uint64_t theirs, uint64_t* rel) noexcept nogil:
    """Whether the seats with maxside `side` surely take this trick, from its start.

    For a side the others push tricks onto (see takes_all), when the other
    side holds no trump: its seats then play under (see highest_low). A
    leader of `side` wins if in every suit it holds, its lowest card is above
    that. A leader of the other side leads a suit in which a seat of `side`
    holds only cards above it, which with `follow` that seat must play. `rel`
    gets the lowest card of `side` compared in each such suit (with the suit
    lengths, the holders of every card above it fix the comparison). `theirs`
    is the other side's cards.
    """
    cdef uint64_t hand = st.hands[st.lead], a, used = 0
    cdef int seat, suit, top
    if st.trump >= 0 and (theirs & suit_bits(st.trump)):
        return 0
    if st.maxside[st.lead] == side:
        for suit in range(4):
            a = hand & suit_bits(suit)
            if a and (theirs & suit_bits(suit)):
                top = highest_low(st, side, suit)
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
        top = highest_low(st, side, suit)
        for seat in range(st.n):
            a = st.hands[seat] & suit_bits(suit)
            if st.maxside[seat] == side and a and pdd_ctz(a) > top:
                rel[0] |= lowbit(a)
                return 1
    return 0


cdef int forced_tricks(State* st, int side, int need, uint64_t* rel) noexcept nogil:
    """Whether the one seat X of maxside `side` surely takes `need` of the tricks left, from a trick start.

    For a side the others push tricks onto (see takes_all), with `follow`, neither
    `head` nor `lowest_winner`, and no trump present. In a suit X holds, let r be
    the fewest cards of it that another seat holds below X's lowest card there,
    if X holds at least as many (else X's cards of it): X takes the sum of those
    counts. The others' strategy: a seat of theirs on lead leads its lowest card
    of a suit whose count is not yet used up; following, each plays its lowest
    card of the suit led; void in it, each discards a card that is not one of its
    r lowest of such a suit. It holds as many cards as X, who holds at least r
    cards of each such suit and one more that it leads, so such a card exists.
    A trick of such a suit, led by X or by them, X wins: each of them plays its
    lowest card, below X's lowest, whichever card X plays. That uses up one of
    the suit's count and one of X's cards there; the other suits' cards stay in
    the hands. X discards nothing while it leads, so until one of them leads,
    the counts stand; once one of them leads, X wins that trick. So X wins a
    trick for each count in turn: after each, X leads, and again either a trick
    of such a suit comes or X wins a trick leading (every trick it leads but
    the last; its last card, when they never lead again, is of such a suit).
    `rel` gets, in each suit counted, X's lowest card (with the suit lengths,
    the holders from the top down to it fix the counts: every lower card is the others').
    """
    cdef int seat, suit, x = -1, got = 0, r, c
    cdef uint64_t xs, under, used = 0, counted
    if not (st.cons & C_FOLLOW) or (st.cons & (C_HEAD | C_LW)) or (
            st.trump >= 0 and (st.present & suit_bits(st.trump))):
        return 0
    for seat in range(st.n):
        if st.maxside[seat] == side:
            if x >= 0:
                return 0
            x = seat
    if x < 0:
        return 0
    # The suits whose count is not 0 (every other seat holds a card under X's lowest), found at once first.
    under = under_lowest(st.hands[x])
    counted = holds_suit(st.hands[x])
    for seat in range(st.n):
        if seat != x:
            counted &= holds_suit(st.hands[seat] & under)
    if not counted:
        return 0
    for suit in range(4):
        if not (counted >> (16 * suit + 15)) & 1:
            continue
        xs = st.hands[x] & suit_bits(suit)
        # The cards of the suit below X's lowest one.
        under = (lowbit(xs) - 1) & suit_bits(suit)
        r = pdd_popcount(xs)
        for seat in range(st.n):
            if seat != x:
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


cdef int pushed_tricks(State* st, int target, int left, uint64_t* rel) noexcept nogil:
    """For MAX playing for the other side's tricks (misère): 1 or 0 if sure tricks decide `target`, else -1.

    Each side pushes tricks onto the other: see takes_all and takes_trick.
    """
    cdef uint64_t side0 = st.side_hands[0], side1 = st.side_hands[1]
    if takes_all(st, 0, side0, side1, rel):
        return 1
    if takes_all(st, 1, side1, side0, rel) or (target == left and takes_trick(st, 1, side0, rel)):
        return 0
    if target > left - 3 and forced_tricks(st, 1, left - target + 1, rel):
        return 0
    if target == 1 and takes_trick(st, 0, side1, rel):
        return 1
    return -1


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
    if not partnerships(st) or st.trump < 0:
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


cdef inline int owner(State* st, int card) noexcept nogil:
    cdef int seat
    for seat in range(st.n):
        if (st.hands[seat] >> card) & 1:
            return seat
    return -1


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
    if pdd_read(&st.stop):
        return 0
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
    d = tt_lookup(table_for(st, left), &pr, target, rel)
    if d >= 0:
        return d
    result = play_node(st, target, &r)
    if pdd_read(&st.stop):
        # Stopped part way: the answer may be wrong, so it is not kept.
        return 0
    tt_store(st, table_for(st, left), &pr, target, result, r, left)
    rel[0] = r
    return result


cdef uint64_t run_of(uint64_t present, uint64_t allowed, int card) noexcept nogil:
    """The run of `allowed` cards that `card` (its highest) represents."""
    cdef uint64_t out = (<uint64_t>1) << card, below
    cdef int c = card
    while True:
        below = present & suit_bits(c >> 4) & ((((<uint64_t>1) << c)) - 1)
        if not below:
            break
        c = pdd_top(below)
        if not (allowed & ((<uint64_t>1) << c)):
            break
        out |= (<uint64_t>1) << c
    return out


cdef void remember_lead(State* st, int card) noexcept nogil:
    """Count a lead of `card` that answered the question, by the square of the tricks left.

    The history heuristic, for sides that play to lose tricks (see ducking_score):
    a lead that answers in one position often answers in others, and more so the
    larger the search it ended.
    """
    cdef int left = pdd_popcount(st.hands[st.lead])
    if st.history[card] < HISTORY_CAP:
        st.history[card] += left * left


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


cdef struct Setup:
    # A position as set_position takes it, checked.
    uint64_t hands[MAX_SEATS]
    uint64_t ctx
    int n
    int trump
    int cons
    int lw_seat
    int decl_seat
    int goal
    int maxside[MAX_SEATS]
    int counted[MAX_SEATS]
    int won[MAX_SEATS]
    int first2
    int leader
    int ntrick
    int trick[MAX_SEATS]


cdef void tt_restart(Table* tt) noexcept nogil:
    """Forget every entry and use the smallest slot prefix again, so that the search stays in few pages."""
    tt_clear(tt)
    tt.nactive = min(tt.nslots, SLOTS_START)


cdef int new_deal(Table* tt, Setup* su) noexcept nogil:
    """Whether `su` deals another deal than the table's: no seat holds the same cards of those both deal.

    The table's deal is the position loaded when it was last started
    (`tt.deal`; the first position loaded starts it). Positions of one deal
    (later in its play, or with other cards laid away) and deals in which a
    seat keeps its hand (the layouts of the other hands around one hand) share
    many trick starts, so the table keeps its entries for them; another deal
    shares few, and its search runs faster in a cleared table whose slots in
    use fit in the processor's cache again. DDS likewise resets its table for a
    new deal unless it is similar to the one before (SolveBoardInternal in its
    src/SolverIF.cpp).
    """
    cdef int i
    cdef uint64_t before = 0, now = 0, kept
    for i in range(MAX_SEATS):
        before |= tt.deal[i]
        now |= su.hands[i]
    if before == 0:
        return 1
    for i in range(MAX_SEATS):
        kept = su.hands[i] & before
        if kept and kept == tt.deal[i] & now:
            return 0
    return 1


cdef void load(State* st, Setup* su) noexcept nogil:
    """Make `su` the engine's position; for another deal (see new_deal) the table starts empty and small."""
    cdef int i, j, suit
    if st.tt.shared:
        pdd_lock(&st.tt.lock)
    if new_deal(st.tt, su):
        tt_restart(st.tt)
        memcpy(st.tt.deal, su.hands, sizeof(st.tt.deal))
    if st.tt.shared:
        pdd_unlock(&st.tt.lock)
    if st.near != st.tt and new_deal(st.near, su):
        tt_restart(st.near)
        memcpy(st.near.deal, su.hands, sizeof(st.near.deal))
    st.ctx = su.ctx
    st.n = su.n
    st.trump = su.trump
    st.cons = su.cons
    st.lw_seat = su.lw_seat
    st.decl_seat = su.decl_seat
    st.goal = su.goal
    st.qt_ok = su.goal == G_TRICKS
    st.counted_side = 1
    for i in range(MAX_SEATS):
        st.hands[i] = su.hands[i]
        st.maxside[i] = su.maxside[i] != 0
        st.counted[i] = su.counted[i]
        st.won[i] = su.won[i]
        if i < su.n and su.counted[i] != su.maxside[i]:
            st.qt_ok = 0
            st.counted_side = 0
    for i in range(MAX_SEATS):
        st.partner[i] = -1
        for j in range(su.n):
            if j != i and st.maxside[j] == st.maxside[i]:
                st.partner[i] = j if st.partner[i] == -1 else -2
    st.first2 = su.first2
    if not st.counted_side:
        memset(st.history, 0, sizeof(st.history))
    st.lead = su.leader
    st.ntrick = 0
    st.winpos = 0
    st.tno = 0
    st.trickbits = 0
    st.present = 0
    st.side_hands[0] = st.side_hands[1] = 0
    st.lens[0] = st.lens[1] = 0
    for i in range(su.n):
        st.present |= su.hands[i]
        st.side_hands[st.maxside[i]] |= su.hands[i]
        for suit in range(4):
            st.lens[i >> 2] += len_unit(i, suit) * <uint64_t>pdd_popcount(su.hands[i] & suit_bits(suit))
    for suit in range(4):
        st.seqs[0][suit] = owner_seq(st, suit)
    st.seqs_upto = 0
    st.ply = 0
    for i in range(su.ntrick):
        play_card(st, su.trick[i])
    st.ply = 0


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


class SearchStopped(Exception):
    """A search was stopped (:meth:`Engine.stop`) before it had an answer."""


cdef class TransTable:
    """A transposition table of `table_mb` megabytes, for one engine or shared by several.

    Engines made with the same table (``Engine(table=t)``) search it at once, each in its
    own thread: every lookup and store then holds the table's lock. An entry is a
    bound on a position's value, true whichever engine found it, so sharing changes
    how fast the engines answer, never what.
    """

    cdef Table t
    # The questions' contexts (seats, trump, constraints, goal, sides) and their numbers in the shapes;
    # `numbering` counts the times they were numbered again (the engines' own tables are then cleared).
    cdef dict contexts
    cdef int numbering
    cdef int engines

    def __cinit__(self, int table_mb=256):
        cdef uint64_t nslots = 1
        cdef uint64_t budget = (<uint64_t>table_mb) * 1024 * 1024
        while nslots * 2 * sizeof(Slot) <= budget // 4:
            nslots *= 2
        self.t.slots = <Slot*>calloc(nslots, sizeof(Slot))
        self.t.npool = min((budget - nslots * sizeof(Slot)) // sizeof(Entry), 0xFFFFFFFF)
        self.t.pool = <Entry*>calloc(self.t.npool, sizeof(Entry))
        if self.t.slots == NULL or self.t.pool == NULL:
            raise MemoryError(f"cannot allocate a {table_mb} MB transposition table")
        self.t.nslots = nslots
        self.t.nactive = min(nslots, SLOTS_START)
        touch_slots(&self.t, 0, self.t.nactive)
        self.t.epoch = 1
        self.t.slots_used = 0
        self.t.pool_used = 0
        self.contexts = {}

    def __dealloc__(self):
        free(self.t.slots)
        free(self.t.pool)

    @property
    def shared(self):
        """Whether several engines search the table."""
        return bool(self.t.shared)


cdef class Engine:
    """A search engine with its own transposition table (one per thread), or one shared with others.

    Positions are set with :meth:`set_position` in engine terms (seats in play
    order, 64-bit hands); the Python API in :mod:`prefdd.solver.api` does that mapping.

    `table` is a :class:`TransTable` to search instead of a new one of `table_mb`
    megabytes. With a shared `table` and `share_from`, positions of fewer tricks
    left than `share_from` go to a table of the engine's own (`table_mb`
    megabytes): they are many and cheap to search again, and kept apart their
    lookups and stores take no lock and stay in this core's cache.
    """

    cdef State st
    cdef readonly TransTable table
    cdef TransTable own
    cdef int numbering

    def __cinit__(self, int table_mb=256, TransTable table=None, int share_from=0):
        cdef int i
        self.table = TransTable(table_mb) if table is None else table
        self.table.engines += 1
        if self.table.engines > 1:
            self.table.t.shared = 1
        self.st.tt = &self.table.t
        self.own = TransTable(table_mb) if table is not None and share_from > 0 else self.table
        self.st.near = &self.own.t
        self.st.share_from = share_from if table is not None else 0
        self.numbering = self.table.numbering
        for i in range(17):
            self.st.killer[i] = -1

    cdef inline void lock(self) noexcept nogil:
        if self.st.tt.shared:
            pdd_lock(&self.st.tt.lock)

    cdef inline void unlock(self) noexcept nogil:
        if self.st.tt.shared:
            pdd_unlock(&self.st.tt.lock)

    cdef int fill(self, Setup* su, tuple args) except -1:
        """Check a position's arguments (as set_position's) and write them into `su`."""
        hands, trump, constraints, lw_seat, declarer, goal, maxside, counted, leader, trick, won, first2 = args
        cdef int i, n = len(hands)
        if not 2 <= n <= MAX_SEATS:
            raise ValueError(f"the engine plays with 2 to {MAX_SEATS} seats, not {n}")
        if len(trick) >= n:
            raise ValueError("a trick in progress has fewer cards than seats")
        context = (n, trump, constraints, lw_seat, declarer, goal, tuple(maxside), tuple(counted))
        contexts = self.table.contexts
        if context not in contexts:
            if len(contexts) >= 0xFFFF:
                # (Numbers are given again: with the table shared, every engine must be between questions.)
                contexts.clear()
                self.table.numbering += 1
                self.lock()
                tt_clear(self.st.tt)
                self.unlock()
            contexts[context] = len(contexts) + 1
        if self.numbering != self.table.numbering:
            # Numbered again (by this engine or another): the own table's entries name old numbers.
            self.numbering = self.table.numbering
            tt_clear(self.st.near)
        su.ctx = contexts[context]
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
        self.lock()
        tt_restart(self.st.tt)
        memset(self.st.tt.deal, 0, sizeof(self.st.tt.deal))
        self.unlock()
        tt_restart(self.st.near)
        memset(self.st.near.deal, 0, sizeof(self.st.near.deal))

    def value(self):
        """MAX's best result from here: more tricks (G_TRICKS) or 1/0 for a won deal (G_WIN)."""
        cdef int result
        with nogil:
            result = search_value(&self.st)
        if pdd_read(&self.st.stop):
            raise SearchStopped("the search was stopped")
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
            if pdd_read(&self.st.stop):
                raise SearchStopped("the search was stopped")
            return [out[i] for i in range(count)]
        finally:
            free(setups)
            free(out)

    def reaches(self, int target):
        """Whether MAX can reach `target` more tricks (G_TRICKS) or win the deal (target 1)."""
        cdef int result
        with nogil:
            result = probe(&self.st, target)
        if pdd_read(&self.st.stop):
            raise SearchStopped("the search was stopped")
        return bool(result)

    def stop(self):
        """Stop the search under way (called from another thread), and those after it until :meth:`resume`.

        A stopped search unwinds within a trick, keeps no entry it had not finished,
        and raises :class:`SearchStopped` from :meth:`value` or :meth:`reaches`.
        """
        pdd_write(&self.st.stop, 1)

    def resume(self):
        """Let searches run again after :meth:`stop`."""
        pdd_write(&self.st.stop, 0)

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
        return self.st.tt.nactive

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
        in :class:`prefdd.solver.analyses.talon._Question`. Rows run in order without the GIL, each starting
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
        if pdd_read(&self.st.stop):
            raise SearchStopped("the search was stopped")
