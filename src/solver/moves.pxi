# Moves: the legal cards, one card for each run of equivalent ones, and a card played and taken back.
#
# Cards of the player to move with no other present card between them are interchangeable (every
# rule compares cards only with those still present), so the search tries the highest of each
# run (representatives), and what decided a card's answer decides its run's (runs_met). play_card
# and unplay_card keep the state's masks and counts up to date card by card, with an undo record each.

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


cdef uint64_t runs_met(uint64_t present, uint64_t allowed, uint64_t cards) noexcept nogil:
    """Every run of `allowed` cards (see representatives) that holds one of `cards`.

    Every suit at once, as representatives spreads: the allowed cards among
    `cards` spread down and up through the allowed and the absent cards, each
    stopping at a present card that is not allowed (a run's end) and at the
    edge of a suit (downwards the spread never enters a suit's top bit, upwards
    never its bottom bit).
    """
    cdef uint64_t seeds = cards & allowed, down = seeds, up = seeds, through = ~present | allowed
    cdef uint64_t d = through & ~SUIT_TOPS, u = through & ~(SUIT_TOPS >> 15)
    down |= d & (down >> 1)
    d &= d >> 1
    down |= d & (down >> 2)
    d &= d >> 2
    down |= d & (down >> 4)
    d &= d >> 4
    down |= d & (down >> 8)
    up |= u & (up << 1)
    u &= u << 1
    up |= u & (up << 2)
    u &= u << 2
    up |= u & (up << 4)
    u &= u << 4
    up |= u & (up << 8)
    return (down | up) & allowed


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
