<?xml version="1.0"?>
<map orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8">
 <tileset firstgid="1" source="selfmap.tsx"/>
</map>
