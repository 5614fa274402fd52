-- Route availability is cached by parcel profile (one or several parcels × small or large
-- heaviest parcel), each stored under one representative box mix: (1,0), (0,1), (2,0), (1,1).
-- Rows cached under any other box mix are no longer read.
DELETE FROM courier_routes
WHERE (small_boxes, large_boxes) NOT IN ((1, 0), (0, 1), (2, 0), (1, 1));
