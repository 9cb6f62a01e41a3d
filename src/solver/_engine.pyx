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

from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free

cdef extern from *:
    """
    static inline int pdd_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int pdd_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    """
    int pdd_ctz(uint64_t x) nogil
    int pdd_popcount(uint64_t x) nogil

cdef enum:
    MAX_SEATS = 5
    MAX_PLIES = 64
    BUCKET = 4
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


cdef struct Entry:
    uint64_t key[MAX_SEATS + 1]
    uint32_t gen
    int8_t lower
    int8_t upper
    uint8_t depth


cdef struct Undo:
    int card
    int seat
    int lead
    int ntrick
    int winpos
    int first2
    int winner
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
    uint64_t hands[MAX_SEATS]
    int lead
    int ntrick
    int winpos
    int tno
    int tcards[16 * MAX_SEATS]
    uint64_t trickbits
    int won[MAX_SEATS]
    int first2
    int ply
    Undo undo[MAX_PLIES]
    uint64_t nodes
    Entry* tt
    uint64_t tt_buckets
    uint32_t gen


cdef uint8_t PEXT8[256 * 256]


cdef void _init_pext() noexcept:
    cdef int x, m, bit, out, k
    for x in range(256):
        for m in range(256):
            out = 0
            k = 0
            for bit in range(8):
                if m & (1 << bit):
                    if x & (1 << bit):
                        out |= 1 << k
                    k += 1
            PEXT8[x * 256 + m] = out


_init_pext()


cdef inline uint64_t suit_bits(int suit) noexcept nogil:
    return (<uint64_t>0xFFFF) << (16 * suit)


cdef inline uint64_t above(int card) noexcept nogil:
    """The bits of the card's suit strictly above it."""
    return suit_bits(card >> 4) & ~(((<uint64_t>2) << card) - 1)


cdef inline uint64_t lowbit(uint64_t x) noexcept nogil:
    return x & (~x + 1)


cdef inline int card_beats(State* st, int card, int winner) noexcept nogil:
    if (card >> 4) == (winner >> 4):
        return card > winner
    return (card >> 4) == st.trump


cdef inline int to_move(State* st) noexcept nogil:
    return (st.lead + st.ntrick) % st.n


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


cdef uint64_t present_cards(State* st) noexcept nogil:
    cdef uint64_t p = st.trickbits
    cdef int i
    for i in range(st.n):
        p |= st.hands[i]
    return p


cdef uint64_t representatives(State* st, uint64_t allowed) noexcept nogil:
    """One card of each run of `allowed` cards with no other present card between them.

    Such cards are interchangeable: every rule compares cards only with the
    cards still present, so swapping two of them changes nothing. The highest
    card of each run stands for it.
    """
    cdef uint64_t present = present_cards(st), rest = allowed, out = 0, c, nxt
    while rest:
        c = lowbit(rest)
        rest ^= c
        nxt = lowbit(present & above(pdd_ctz(c)))
        if not (nxt & allowed):
            out |= c
    return out


cdef int order_moves(State* st, uint64_t moves, int* out) noexcept nogil:
    """Write the moves into `out` in the order to try them; return how many."""
    cdef int count = 0, i, j, card, score, w, tmp
    cdef int scores[16]
    cdef int seat = to_move(st)
    cdef int side = st.maxside[seat]
    cdef uint64_t rest = moves, present = present_cards(st)
    cdef int partner_wins = 0, last = st.ntrick == st.n - 1
    if st.ntrick > 0:
        w = current_winner(st)
        partner_wins = st.maxside[(st.lead + st.winpos) % st.n] == side
    while rest:
        card = pdd_ctz(rest)
        rest &= rest - 1
        if st.ntrick == 0:
            # Lead winners first, then low cards.
            if not (present & above(card)):
                score = 100 + (card & 15)
            else:
                score = -(card & 15)
        elif card_beats(st, card, w) and not (partner_wins and last):
            score = 50 - (card & 15) - (16 if (card >> 4) == st.trump else 0)
        else:
            score = -(card & 15) - (16 if (card >> 4) == st.trump else 0)
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


cdef void play_card(State* st, int card) noexcept nogil:
    cdef Undo* u = &st.undo[st.ply]
    cdef int seat = to_move(st), w
    cdef uint64_t bit = (<uint64_t>1) << card
    u.card = card
    u.seat = seat
    u.lead = st.lead
    u.ntrick = st.ntrick
    u.winpos = st.winpos
    u.first2 = st.first2
    u.winner = -1
    st.hands[seat] ^= bit
    st.tcards[st.tno * MAX_SEATS + st.ntrick] = card
    st.trickbits |= bit
    if st.ntrick == 0:
        st.winpos = 0
    elif card_beats(st, card, current_winner(st)):
        st.winpos = st.ntrick
    st.ntrick += 1
    if st.ntrick == st.n:
        w = (st.lead + st.winpos) % st.n
        u.winner = w
        u.trickbits = st.trickbits
        st.won[w] += 1
        if st.won[w] == 2 and st.first2 < 0:
            st.first2 = w
        st.lead = w
        st.ntrick = 0
        st.trickbits = 0
        st.tno += 1
    st.ply += 1


cdef void unplay_card(State* st) noexcept nogil:
    st.ply -= 1
    cdef Undo* u = &st.undo[st.ply]
    cdef uint64_t bit = (<uint64_t>1) << u.card
    if u.winner >= 0:
        st.won[u.winner] -= 1
        st.trickbits = u.trickbits
        st.tno -= 1
    st.trickbits ^= bit
    st.first2 = u.first2
    st.lead = u.lead
    st.ntrick = u.ntrick
    st.winpos = u.winpos
    st.hands[u.seat] |= bit


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


cdef inline uint64_t pext16(uint64_t x, uint64_t m) noexcept nogil:
    return PEXT8[(x & 255) * 256 + (m & 255)] | (
        (<uint64_t>PEXT8[((x >> 8) & 255) * 256 + ((m >> 8) & 255)]) << pdd_popcount(m & 255))


cdef void make_key(State* st, uint64_t* key) noexcept nogil:
    """The position at a trick start with ranks relative to the cards still in play."""
    cdef uint64_t present = present_cards(st), rel, extra
    cdef int seat, suit
    for seat in range(MAX_SEATS):
        rel = 0
        if seat < st.n:
            for suit in range(4):
                rel |= pext16(st.hands[seat] >> (16 * suit), present >> (16 * suit) & 0xFFFF) << (16 * suit)
        key[seat] = rel
    extra = st.lead
    if st.goal == G_WIN:
        for seat in range(st.n):
            extra |= (<uint64_t>st.won[seat]) << (4 + 3 * seat)
        extra |= (<uint64_t>(st.first2 + 1)) << 20
    key[MAX_SEATS] = extra


cdef Entry* tt_find(State* st, uint64_t* key, int create, int depth) noexcept nogil:
    cdef uint64_t h = key[MAX_SEATS] * 0x9E3779B97F4A7C15ULL
    cdef int i, j, same
    cdef Entry* e
    cdef Entry* bucket
    cdef Entry* victim = NULL
    for i in range(MAX_SEATS):
        h = (h ^ key[i]) * 0xBF58476D1CE4E5B9ULL
        h ^= h >> 29
    bucket = st.tt + (h & (st.tt_buckets - 1)) * BUCKET
    for i in range(BUCKET):
        e = bucket + i
        if e.gen != st.gen:
            if victim == NULL or victim.gen == st.gen:
                victim = e
            continue
        same = 1
        for j in range(MAX_SEATS + 1):
            if e.key[j] != key[j]:
                same = 0
                break
        if same:
            return e
        if victim == NULL or (victim.gen == st.gen and e.depth < victim.depth):
            victim = e
    if not create:
        return NULL
    for j in range(MAX_SEATS + 1):
        victim.key[j] = key[j]
    victim.gen = st.gen
    victim.lower = 0
    victim.upper = depth if st.goal == G_TRICKS else 1
    victim.depth = depth
    return victim


cdef int trick_node(State* st, int target) noexcept nogil:
    """Can MAX reach `target` more tricks (or win the deal) from this trick start?"""
    cdef int left = pdd_popcount(st.hands[st.lead]), d, result
    cdef uint64_t key[MAX_SEATS + 1]
    cdef Entry* e
    if st.goal == G_TRICKS:
        if target <= 0:
            return 1
        if target > left:
            return 0
    else:
        d = win_decided(st, left)
        if d >= 0:
            return d
    make_key(st, key)
    e = tt_find(st, key, 0, left)
    if e != NULL:
        if e.lower >= target:
            return 1
        if e.upper < target:
            return 0
    result = play_node(st, target)
    e = tt_find(st, key, 1, left)
    if result:
        if e.lower < target:
            e.lower = target
    elif e.upper > target - 1:
        e.upper = target - 1
    return result


cdef int play_node(State* st, int target) noexcept nogil:
    """Alpha-beta over the cards of the player to move, part way through a trick."""
    cdef int moves[16]
    cdef int count, i, result, winner, next_target
    cdef int is_max = st.maxside[to_move(st)]
    st.nodes += 1
    count = order_moves(st, representatives(st, legal_moves(st)), moves)
    for i in range(count):
        play_card(st, moves[i])
        winner = st.undo[st.ply - 1].winner
        if winner >= 0:
            next_target = target - st.counted[winner] if st.goal == G_TRICKS else target
            result = trick_node(st, next_target)
        else:
            result = play_node(st, target)
        unplay_card(st)
        if result == is_max:
            return result
    return 1 - is_max


cdef int probe(State* st, int target) noexcept nogil:
    if st.goal == G_TRICKS and target <= 0:
        return 1
    if st.ntrick == 0:
        return trick_node(st, target)
    return play_node(st, target)


cdef class Engine:
    """A search engine with its own transposition table; one per thread.

    Positions are set with :meth:`set_position` in engine terms (seats in play
    order, 64-bit hands); the Python API in :mod:`solver.api` does that mapping.
    """

    cdef State st
    cdef object context

    def __cinit__(self, int table_mb=64):
        cdef uint64_t buckets = 1
        cdef uint64_t want = (<uint64_t>table_mb) * 1024 * 1024 // (sizeof(Entry) * BUCKET)
        while buckets * 2 <= want:
            buckets *= 2
        self.st.tt = <Entry*>calloc(buckets * BUCKET, sizeof(Entry))
        if self.st.tt == NULL:
            raise MemoryError(f"cannot allocate a {table_mb} MB transposition table")
        self.st.tt_buckets = buckets
        self.st.gen = 1
        self.context = None

    def __dealloc__(self):
        free(self.st.tt)

    def set_position(self, hands, int trump, int constraints, int lw_seat, int declarer,
                     int goal, maxside, counted, int leader, trick, won, int first2):
        """Load a position: `trick` holds the cards of the trick in progress, led by `leader`.

        The seats marked in `maxside` play for a high value, the others for a low one;
        the value is the number of tricks the seats marked in `counted` take
        (GOAL_TRICKS), or 1 if the `maxside` seat wins the deal (GOAL_WIN).
        """
        cdef int i, n = len(hands)
        if not 2 <= n <= MAX_SEATS:
            raise ValueError(f"the engine plays with 2 to {MAX_SEATS} seats, not {n}")
        context = (n, trump, constraints, lw_seat, declarer, goal, tuple(maxside), tuple(counted))
        if context != self.context:
            self.context = context
            self.st.gen += 1
        self.st.n = n
        self.st.trump = trump
        self.st.cons = constraints
        self.st.lw_seat = lw_seat
        self.st.decl_seat = declarer
        self.st.goal = goal
        for i in range(MAX_SEATS):
            self.st.hands[i] = hands[i] if i < n else 0
            self.st.maxside[i] = maxside[i] if i < n else 0
            self.st.counted[i] = counted[i] if i < n else 0
            self.st.won[i] = won[i] if i < n else 0
        self.st.first2 = first2
        self.st.lead = leader
        self.st.ntrick = 0
        self.st.winpos = 0
        self.st.tno = 0
        self.st.trickbits = 0
        self.st.ply = 0
        for card in trick:
            play_card(&self.st, card)
        self.st.ply = 0

    def value(self):
        """MAX's best result from here: more tricks (G_TRICKS) or 1/0 for a won deal (G_WIN)."""
        cdef int lo = 0, hi, mid
        cdef State* st = &self.st
        if self.left() == 0:
            return 0 if st.goal == G_TRICKS else win_decided(st, 0)
        if st.goal == G_WIN:
            with nogil:
                lo = probe(st, 1)
            return lo
        hi = self.left()
        with nogil:
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if probe(st, mid):
                    lo = mid
                else:
                    hi = mid - 1
        return lo

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
