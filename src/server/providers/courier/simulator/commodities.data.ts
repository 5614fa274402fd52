/**
 * The simulator's GetCommodity dataset: everyday personal-effects goods with their real
 * Harmonized System subheadings (6 digits, HS 2022 nomenclature), one per line as
 * `code|description|extra search words`. The real API's codes may be longer (8–10 digits, e.g.
 * UK tariff codes); the site pads to 8 digits itself (docs/product-rules.md, "Declare items"). Read by
 * ./commodity-search.ts.
 */
const RAW = `
610910|T-shirts, singlets and vests of cotton, knitted|tshirt tee top shirt
610990|T-shirts and vests of synthetic or other textiles, knitted|tshirt tee top polyester sports
611020|Jumpers, pullovers, cardigans and sweatshirts of cotton, knitted|jumper sweater hoodie hoody sweatshirt
611011|Jumpers, pullovers and cardigans of wool, knitted|jumper sweater knitwear woollen
611012|Jumpers and pullovers of Kashmir goat hair (cashmere), knitted|cashmere jumper sweater
611030|Jumpers, fleeces and cardigans of man-made fibres, knitted|fleece jumper sweater acrylic polyester
610510|Men's shirts of cotton, knitted (polo shirts)|polo shirt
610520|Men's shirts of man-made fibres, knitted|shirt polo polyester
620520|Men's shirts of cotton, not knitted|shirt formal casual
620530|Men's shirts of man-made fibres, not knitted|shirt polyester
620630|Women's blouses and shirts of cotton|blouse shirt top
620640|Women's blouses and shirts of man-made fibres|blouse shirt top polyester
620342|Men's trousers, jeans and shorts of cotton|jeans trousers denim shorts chinos pants
620462|Women's trousers, jeans and shorts of cotton|jeans trousers denim shorts pants
620343|Men's trousers and shorts of synthetic fibres|trousers shorts pants
620463|Women's trousers and shorts of synthetic fibres|trousers shorts pants
610462|Women's trousers and leggings of cotton, knitted|leggings joggers trousers
610463|Women's trousers and leggings of synthetic fibres, knitted|leggings yoga pants gym
620442|Women's dresses of cotton|dress frock
620443|Women's dresses of synthetic fibres|dress frock polyester
610442|Women's dresses of cotton, knitted|dress jersey
620452|Women's skirts of cotton|skirt
620453|Women's skirts of synthetic fibres|skirt
620311|Men's suits of wool|suit
620331|Men's jackets and blazers of wool|blazer jacket suit
620432|Women's jackets and blazers of cotton|blazer jacket
620130|Men's coats, anoraks and jackets of cotton|coat jacket anorak
620140|Men's coats, anoraks and jackets of man-made fibres|coat jacket anorak raincoat parka puffer
620230|Women's coats, anoraks and jackets of cotton|coat jacket anorak
620240|Women's coats, anoraks and jackets of man-made fibres|coat jacket anorak raincoat parka puffer
620220|Women's coats and jackets of wool|coat overcoat woollen
620120|Men's coats and jackets of wool|coat overcoat woollen
420310|Clothing of leather (leather jackets)|leather jacket coat
611211|Tracksuits of cotton, knitted|tracksuit joggers
611212|Tracksuits of synthetic fibres, knitted|tracksuit joggers sportswear
611231|Men's swimwear of synthetic fibres|swimming trunks swimwear shorts
611241|Women's swimwear of synthetic fibres|swimsuit bikini swimwear costume
610711|Men's underpants and briefs of cotton, knitted|underwear boxers pants briefs
610821|Women's briefs and knickers of cotton, knitted|underwear knickers pants briefs
621210|Brassieres|bra bras lingerie underwear
610831|Women's nightdresses and pyjamas of cotton, knitted|pyjamas nightwear nightie
610721|Men's pyjamas of cotton, knitted|pyjamas nightwear
611595|Socks of cotton, knitted|socks sock
611596|Socks of synthetic fibres, knitted|socks sock sports
611522|Tights of synthetic fibres|tights hosiery stockings
611693|Gloves of synthetic fibres, knitted|gloves mittens
611691|Gloves of wool, knitted|gloves mittens woollen
420329|Gloves of leather|gloves leather
650500|Hats, caps and beanies, knitted or of textile|hat cap beanie baseball
650610|Safety headgear (cycle and ski helmets)|helmet bike cycle ski
611710|Shawls, scarves and mufflers, knitted|scarf shawl snood
621420|Scarves and shawls of wool|scarf shawl
621410|Scarves and shawls of silk|scarf shawl silk
621520|Ties of man-made fibres|tie necktie
420330|Belts of leather|belt leather
611120|Babies' garments and clothing accessories of cotton, knitted|baby clothes babygrow romper onesie
611130|Babies' garments of synthetic fibres, knitted|baby clothes babygrow
620920|Babies' garments of cotton, not knitted|baby clothes
611430|Sportswear and other garments of man-made fibres, knitted|cycling jersey sportswear gym top
401590|Wetsuits and other clothing of vulcanised rubber|wetsuit neoprene diving
640411|Sports footwear and trainers with textile uppers|trainers sneakers running shoes sports shoes
640399|Shoes with leather uppers|shoes leather brogues loafers heels
640391|Boots with leather uppers covering the ankle|boots leather ankle boots
640291|Boots of rubber or plastics covering the ankle|wellies wellington boots rain boots
640299|Footwear of rubber or plastics|shoes sandals clogs crocs
640220|Flip-flops and sandals with straps plugged into the sole|flip flops sandals thongs
640219|Sports footwear of rubber or plastics|football boots sports shoes
640520|Slippers and other footwear with textile uppers|slippers
640590|Other footwear|shoes espadrilles
420212|Suitcases and trunks with outer surface of plastics or textile|suitcase luggage case trolley
420211|Suitcases and briefcases of leather|suitcase briefcase leather luggage
420221|Handbags of leather|handbag purse bag leather
420222|Handbags of plastics or textile|handbag bag tote
420231|Wallets and purses of leather|wallet purse leather cardholder
420232|Wallets and purses of plastics or textile|wallet purse
420292|Rucksacks, sports and travel bags of plastics or textile|backpack rucksack bag holdall gym bag duffel
420291|Travel and sports bags of leather|bag holdall leather
490199|Printed books|book books novel paperback hardback textbook
490191|Dictionaries and encyclopaedias|dictionary encyclopedia book
490300|Children's picture, drawing and colouring books|children's books colouring picture book
490290|Magazines, journals and periodicals|magazine journal comic
490900|Printed postcards and greeting cards|postcard greeting card birthday card
490400|Printed or manuscript music|sheet music score
490510|Globes|globe
491191|Printed pictures, posters and photographs|poster print photograph photo picture
491000|Printed calendars|calendar
482010|Notebooks, diaries and letter pads|notebook diary journal notepad
482020|Exercise books|exercise book school
482030|Binders and folders|folder binder file
481730|Boxed sets of paper stationery|stationery writing set envelopes
392610|Office and school supplies of plastics|ruler stationery pencil case
960810|Ballpoint pens|pen biro ballpoint
960820|Felt-tipped pens and markers|felt tip marker highlighter
960910|Pencils|pencil colouring pencils
960990|Crayons, pastels and chalks|crayons chalk pastels
960330|Artists' brushes|paint brush art
960340|Paint brushes for decorating|paint brush roller decorating
321310|Artists' colours in sets|paints watercolour acrylic art set
821300|Scissors|scissors
847010|Pocket electronic calculators|calculator
732393|Kitchen and household articles of stainless steel|pots pans saucepan frying pan cookware stainless
732392|Cookware of enamelled cast iron|casserole dutch oven cast iron pot
732391|Cookware of cast iron, not enamelled|skillet cast iron pan
732399|Kitchen articles of steel (baking trays, tins)|baking tray tin bakeware
761510|Kitchen and household articles of aluminium|pan pot aluminium cookware
691110|Tableware and kitchenware of porcelain or china|plates cups mugs bowls china porcelain crockery dinner set
691200|Tableware of stoneware or earthenware|mugs plates bowls crockery pottery ceramic
701337|Drinking glasses|glasses tumblers glassware
701328|Stemware (wine glasses)|wine glasses stemware
701349|Glass tableware and kitchenware|glass bowl dish jug
821192|Kitchen knives with fixed blades|knife knives kitchen chef
821191|Table knives|knives cutlery
821520|Cutlery sets|cutlery set knives forks spoons
821599|Forks, spoons and ladles|forks spoons ladle cutlery
392410|Tableware and kitchenware of plastics|plastic plates lunchbox water bottle tupperware
441990|Tableware and kitchenware of wood|chopping board wooden spoon
851660|Cookers, ovens, grills and air fryers (electric)|air fryer rice cooker slow cooker grill hob
851671|Coffee and tea makers (electric)|coffee machine espresso teasmade
851672|Toasters|toaster
851679|Electric kettles and other electro-thermic appliances|kettle
850940|Food mixers, blenders and juicers|blender mixer juicer food processor
851650|Microwave ovens|microwave
961700|Vacuum flasks|flask thermos
842381|Kitchen scales|scales weighing
842310|Bathroom scales|scales weighing
821000|Hand-operated kitchen appliances|grinder mincer garlic press
630291|Kitchen and table linen of cotton|tea towel napkins
630251|Table linen of cotton|tablecloth napkins
482369|Paper plates and cups|paper plates cups party
950300|Toys, dolls, puzzles and scale models|toy toys doll teddy bear puzzle jigsaw lego model
950490|Board games, chess and other table games|board game chess games
950440|Playing cards|cards playing
950450|Video game consoles|games console playstation xbox nintendo switch
852349|Recorded optical discs (CDs, DVDs, Blu-ray, video games)|cd dvd bluray video game disc
950510|Christmas decorations|christmas decorations tree baubles
950590|Party and festive articles|party decorations costume halloween
950691|Gym and fitness equipment|dumbbells weights yoga mat exercise fitness gym
950662|Inflatable balls (footballs, basketballs)|football basketball volleyball ball
950669|Other balls (cricket, golf practice)|ball cricket
950661|Tennis balls|tennis ball
950651|Tennis rackets|tennis racket racquet
950659|Badminton and squash rackets|badminton squash racket racquet
950631|Golf clubs|golf clubs
950632|Golf balls|golf ball
950639|Other golf equipment|golf bag tees
950611|Skis|skis ski
950619|Ski equipment (poles)|ski poles
950640|Table-tennis equipment|table tennis ping pong bat
950670|Ice skates and roller skates|skates roller ice
950699|Skateboards and other sports equipment|skateboard cricket bat hockey stick scooter
950629|Surfboards and water-sport equipment|surfboard paddle board bodyboard
950710|Fishing rods|fishing rod
950730|Fishing reels|fishing reel
950790|Fishing tackle|fishing tackle lures net
871200|Bicycles|bicycle bike cycle
871499|Bicycle parts and accessories|bike parts pedals saddle
920290|Acoustic guitars and other string instruments|guitar ukulele acoustic
920790|Electric guitars|electric guitar bass
920710|Electronic keyboards and synthesisers|keyboard piano synthesiser
920210|Violins and other bowed string instruments|violin cello viola
920600|Drums and percussion instruments|drum drums percussion
920590|Flutes, recorders and other wind instruments|flute recorder clarinet
920510|Brass instruments|trumpet trombone brass
920930|Musical instrument strings|guitar strings
970191|Paintings and drawings by hand|painting artwork canvas drawing
970290|Original prints and lithographs|print lithograph engraving
847130|Laptops and tablets|laptop notebook computer tablet ipad macbook
847160|Computer keyboards and mice|keyboard mouse
847170|External hard drives|hard drive ssd storage
852351|Memory cards and USB sticks|usb stick memory card flash drive
851713|Smartphones|mobile phone smartphone iphone
851762|Routers, modems and smartwatches|router modem smartwatch fitness tracker
851830|Headphones and earphones|headphones earphones earbuds airpods headset
851822|Speakers|speaker bluetooth speaker soundbar
851810|Microphones|microphone
852589|Digital cameras and camcorders|camera camcorder webcam gopro
900211|Camera lenses|lens camera
852872|Televisions|tv television
852852|Computer monitors|monitor screen display
850760|Lithium-ion batteries and power banks|power bank battery lithium
850650|Lithium primary batteries|batteries lithium
850610|Alkaline batteries|batteries aa aaa
850440|Chargers and power adapters|charger adapter power supply
854442|Cables with connectors (USB, HDMI)|cable usb hdmi lead charger cable
853669|Plugs, sockets and extension adapters|plug socket adapter travel adapter
853950|LED lamps and bulbs|light bulb led
851310|Torches and portable lamps|torch flashlight headlamp
940521|Table, desk and floor lamps|lamp desk lamp table lamp
851631|Hair dryers|hairdryer hair dryer
851632|Hair straighteners and curling tongs|straighteners curling tongs
851640|Electric irons|iron clothes iron
851010|Electric shavers|shaver razor electric
851020|Hair clippers|clippers trimmer
851030|Epilators and hair-removing appliances|epilator
850811|Vacuum cleaners|vacuum hoover
910211|Wrist-watches, battery powered|watch wristwatch
910221|Wrist-watches, automatic|watch automatic
910511|Alarm clocks|alarm clock clock
910521|Wall clocks|wall clock clock
900410|Sunglasses|sunglasses
900490|Spectacles and reading glasses|glasses spectacles reading glasses
900311|Spectacle frames of plastics|frames glasses
900510|Binoculars|binoculars
844332|Printers|printer
852719|Radios|radio dab
851981|MP3 players and portable audio|mp3 player ipod
851930|Turntables|record player turntable
852691|Sat navs and GPS receivers|sat nav gps
902519|Thermometers|thermometer
901910|Massage apparatus|massager massage gun
845210|Household sewing machines|sewing machine
940490|Pillows, cushions, quilts and duvets|pillow cushion duvet quilt
940429|Mattresses|mattress
940430|Sleeping bags|sleeping bag
630231|Bed linen of cotton|bedding sheets duvet cover pillowcase bed linen
630221|Printed bed linen of cotton|bedding sheets duvet cover bed linen
630232|Bed linen of man-made fibres|bedding sheets duvet cover bed linen
630260|Towels of cotton terry|towel towels bath towel
630140|Blankets of synthetic fibres|blanket throw fleece
630120|Blankets of wool|blanket throw woollen
630130|Blankets of cotton|blanket throw
630391|Curtains of cotton|curtains drapes
630392|Curtains of synthetic fibres|curtains drapes voile
630492|Cushion covers and furnishings of cotton|cushion cover
630493|Cushion covers and furnishings of synthetic fibres|cushion cover
570500|Rugs and mats|rug mat carpet
630622|Tents of synthetic fibres|tent camping
940179|Folding chairs with metal frames|camping chair folding chair
732111|Camping stoves for gas|camping stove
940360|Wooden furniture|furniture table shelf wooden
691390|Ceramic ornaments and figurines|ornament figurine ceramic
691310|Porcelain ornaments and figurines|ornament figurine porcelain
442019|Wooden ornaments and statuettes|ornament carving wooden
442090|Wooden jewellery boxes and caskets|jewellery box wooden box
830629|Metal ornaments and statuettes|ornament statue brass
441490|Wooden picture and photo frames|photo frame picture frame
700992|Mirrors, framed|mirror
701399|Glass ornaments and vases|vase glass ornament
340600|Candles|candle candles
330749|Room fragrances and diffusers|diffuser air freshener
670290|Artificial flowers|artificial flowers
330300|Perfumes and eau de toilette|perfume fragrance aftershave cologne
330499|Skin care creams and lotions|moisturiser cream lotion skincare sunscreen
330410|Lipstick and lip make-up|lipstick lip gloss makeup
330420|Eye make-up|mascara eyeliner eyeshadow makeup
330430|Nail polish|nail varnish polish
330491|Face powders|powder makeup foundation
330510|Shampoos|shampoo
330590|Hair conditioners and styling products|conditioner hair gel hairspray
330610|Toothpaste|toothpaste
330710|Shaving preparations|shaving foam gel
330720|Deodorants|deodorant antiperspirant
340111|Soap bars|soap
340130|Shower gel and liquid soap|shower gel body wash hand wash
960321|Toothbrushes|toothbrush
960329|Hairbrushes and shaving brushes|hairbrush brush
961519|Combs|comb
961590|Hair clips and slides|hair clips slides bobby pins
821210|Razors|razor
821420|Manicure and pedicure sets|manicure set nail clippers
711319|Jewellery of gold|jewellery jewelry ring necklace gold
711311|Jewellery of silver|jewellery jewelry ring necklace bracelet silver
711719|Costume jewellery of base metal|jewellery jewelry costume earrings necklace
711790|Costume jewellery of plastics or glass|jewellery beads bracelet
660191|Umbrellas with telescopic shaft|umbrella folding
660199|Umbrellas|umbrella
660200|Walking sticks|walking stick cane
090121|Roasted coffee|coffee beans ground coffee
090230|Black tea|tea teabags
170490|Sweets and confectionery|sweets candy confectionery
180632|Chocolate bars|chocolate
180690|Chocolate products|chocolate
190531|Sweet biscuits|biscuits cookies
200799|Jams and marmalades|jam marmalade
210390|Sauces and condiments|sauce condiment
091099|Spices|spices seasoning
190219|Dried pasta|pasta spaghetti
100630|Rice|rice
210690|Food supplements|supplements protein powder vitamins
220421|Wine in bottles|wine
220830|Whisky|whisky scotch
871500|Prams and pushchairs|pram pushchair buggy stroller
940120|Child car seats|car seat
961900|Nappies|nappies diapers
820520|Hammers|hammer
820540|Screwdrivers|screwdriver
820412|Adjustable spanners|spanner wrench
820320|Pliers|pliers
820590|Sets of hand tools|tool kit tools
846721|Cordless drills|drill electric drill
846722|Electric saws|saw jigsaw circular saw
820210|Hand saws|saw
901780|Tape measures|tape measure
731815|Screws and bolts|screws bolts
820110|Spades and shovels|spade shovel
820150|Secateurs|secateurs pruners
870899|Car parts and accessories|car parts accessories
230910|Dog and cat food|pet food dog food cat food
420100|Dog leads, collars and harnesses|dog lead collar harness
491199|Printed matter (documents, certificates)|documents papers certificates
970400|Postage stamps|stamps
711890|Coins|coins
300450|Vitamins (as medicaments)|vitamins
392690|Articles of plastics|plastic
732690|Articles of iron or steel|metal
630790|Made-up textile articles (face masks, bags)|tote bag fabric mask
`;

export interface CommodityEntry {
  code: string;
  description: string;
  keywords: string;
}

export const COMMODITIES: readonly CommodityEntry[] = RAW.trim()
  .split('\n')
  .map((line) => {
    const [code = '', description = '', keywords = ''] = line.split('|');
    return { code, description, keywords };
  });
